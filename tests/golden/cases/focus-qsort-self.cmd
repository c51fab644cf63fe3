cgannotate --focus='^qsort$' --auto=no --threshold=100 stacks/demo.out
