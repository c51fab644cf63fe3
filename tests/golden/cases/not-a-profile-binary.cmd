printf '\177ELF\002\001\001\000\000\000\n' > b && cgannotate b
