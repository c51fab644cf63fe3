cgannotate --format=folded --focus='^qsort$' stacks/demo.out | awk '{ s += $NF } END { print s }'
