cgannotate --sort=Dr/call:incl --auto=no groups/small.out
