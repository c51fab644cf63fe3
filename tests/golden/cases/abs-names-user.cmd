cgannotate --auto=no abs/inline.out progs/vec.h
