cd wide && cgannotate wide.out
