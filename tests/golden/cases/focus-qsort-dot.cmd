cgannotate --format=dot --focus='^qsort$' stacks/demo.out
