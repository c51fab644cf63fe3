cd progs && cgannotate --mod-filename="s#^\\./(.*/)?##" --mod-filename="s/\\.S\$/.s/g" --auto=no hot.out
