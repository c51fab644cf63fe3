# A Callgrind profile with every cost times K (awk -v k=K): the counts of
# its cost lines (those after the positions), of summary: and totals:;
# call counts and positions stay as they are.
BEGIN { npos = 1; if (k == "") k = 2 }
/^positions:/ { npos = NF - 1; print; next }
/^(summary|totals):/ {
    printf "%s", $1
    for (i = 2; i <= NF; i++)
        printf " %s", $i * k
    print ""
    next
}
/^[0-9+*-]/ {
    out = ""
    for (i = 1; i <= NF; i++)
        out = out (i > 1 ? " " : "") (i <= npos ? $i : $i * k)
    print out
    next
}
{ print }
