cd progs && cgannotate --diff hot.cgout hot-after.cgout
