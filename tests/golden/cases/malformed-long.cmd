{ cat bad/malformed.out; awk 'BEGIN { s = "caf\303\251"; while (length(s) < 199) s = s "y"; print s "\303\251zzzz" }'; } > l && cgannotate --auto=no l
