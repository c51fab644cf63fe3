cd progs && cgannotate --diff --focus='^main$' --auto=no - hot-after.out < hot.out
