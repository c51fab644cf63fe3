{ for i in 1 2 3 4 5 6 7 8; do echo "junk $i"; done; printf '# \033[31m\n\nbad \033[31mred\n'; cat bad/malformed.out; } > m && cgannotate --auto=no m
