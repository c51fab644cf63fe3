cd progs && sed "s#\\./hot\\.c#/build/v2/hot.c#" hot-after.out > v2.out && cgannotate --diff --mod-filename="s#^/build/v[0-9]+/#./#" --auto=no hot.out v2.out
