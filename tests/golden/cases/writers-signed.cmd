cd writers && cgannotate --tree=both signed.out
