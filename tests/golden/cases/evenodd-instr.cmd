cd progs && cgannotate --context=2 evenodd-instr.out
