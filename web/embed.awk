# Turns a file into C data, for the build (Makefile.am) and the fuzz build
# (tests/fuzz/run.sh):
#   od -An -v -tu1 FILE | awk -v name=NAME -f web/embed.awk
# reads the file's bytes as decimal numbers and writes the array NAME_bytes
# (the bytes and a NUL), the pointer NAME to it and NAME_len, the length
# without the NUL.
BEGIN { printf "static const unsigned char %s_bytes[] = {", name }
{
	for (i = 1; i <= NF; i++) {
		printf "%s%s,", (n % 16 == 0 ? "\n\t" : " "), $i
		n++
	}
}
END {
	printf "\n\t0\n};\nconst char *const %s = (const char *)%s_bytes;\n", name, name
	printf "const size_t %s_len = %d;\n", name, n
}
