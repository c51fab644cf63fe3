cd progs && cgannotate --diff --focus='^main$' --inclusive=yes --auto=no --show=Ir hot.out hot-after.out
