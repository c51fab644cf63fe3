cd progs && cgannotate --mod-funcname='s/\.(constprop|isra|part)\.[0-9]+$//' --mod-funcname='s/^__GI_+//' --auto=no --threshold=100 hot.out
