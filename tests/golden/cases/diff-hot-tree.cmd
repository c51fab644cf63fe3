cd progs && cgannotate --diff --inclusive=yes --tree=both --auto=no hot.out hot-after.out
