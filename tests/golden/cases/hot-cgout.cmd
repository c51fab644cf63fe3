cd progs && cgannotate hot.cgout
