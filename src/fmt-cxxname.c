#include "fmt-cxxname.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "xalloc.h"

/* Names with more scopes than this are read as having none. */
#define MAX_PARTS 64

/* What a scope is shown to be, by the names that name it. */
enum {
	SEEN_CLASS = 1,            /* something only a class has */
	SEEN_TYPE = 2,             /* it is named as a type (a parameter's, a template
				      argument, a return type) */
	SEEN_CHILD = 4,            /* it holds another scope */
};

struct scope_entry {
	char *name;
	unsigned seen;
	UT_hash_handle hh;
};

/* Room for reading a name: its bytes' depths and the open brackets. */
struct scratch {
	uint32_t *depth;
	char *stack;
	size_t cap;
};

/* A name read while learning, kept for the questions about it: the same
 * string (by address) is not read twice. */
struct name_entry {
	const char *name;          /* the key, by address */
	size_t begin, nscope;
	size_t *ends;
	UT_hash_handle hh;
};

struct cxx_scopes {
	struct scope_entry *table;
	struct name_entry *names;
	struct scratch scratch;    /* for the names learnt */
};

/* What the questions take of a name read: its scopes. */
struct scopes_of {
	const char *s;
	size_t begin, nscope;
	const size_t *ends;        /* scope i is s[begin .. ends[i]) */
};

/* A name read: spans of the name, by byte offset. */
struct parsed {
	const char *s;
	uint32_t *depth;           /* by byte: how many brackets are open before it */
	size_t begin;              /* the qualified name's first byte */
	size_t ends[MAX_PARTS];    /* scope i is s[begin .. ends[i]) */
	size_t nscope;             /* the scopes of the function (for a local entity,
				      of the function it is local to) */
	size_t fn, fn_end;         /* that function's own name, without template arguments */
	size_t op;                 /* where the first operator's name at depth 0 starts */
	size_t nparams;
	bool params;               /* it has a parameter list */
	bool qualified;            /* const, volatile, & or && after it */
	bool thunk;
};

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '$';
}

/* At S[I] (of N bytes), the length of an operator's name: "operator" and
 * what names the operator ("<<", "()", " new[]", "\"\" _x"); just
 * "operator" for a conversion, whose type follows.  0 if no operator name
 * starts there. */
static size_t operator_name_len(const char *s, size_t i, size_t n)
{
	size_t k = i + 8;

	if (n - i < 8 || memcmp(s + i, "operator", 8) != 0 || (i > 0 && ident_char(s[i - 1])) ||
	    (k < n && ident_char(s[k])))
		return 0;
	while (k < n && s[k] == ' ')
		k++;
	if (n - k >= 2 && (memcmp(s + k, "()", 2) == 0 || memcmp(s + k, "[]", 2) == 0 ||
			   memcmp(s + k, "\"\"", 2) == 0))
		return k + 2 - i;
	if (k < n && strchr("<>=-!+*/%^&|~,", s[k]) != NULL) {
		while (k < n && s[k] != '\0' && strchr("<>=-!+*/%^&|~,", s[k]) != NULL)
			k++;
		return k - i;
	}
	return 8;
}

/* The same, quickly for the bytes that start no such name. */
static inline size_t operator_len(const char *s, size_t i, size_t n)
{
	return s[i] == 'o' ? operator_name_len(s, i, n) : 0;
}

static void scratch_release(struct scratch *b)
{
	free(b->depth);
	free(b->stack);
	memset(b, 0, sizeof(*b));
}

/* The bracket depth before each byte of S[0..N) into B: <>, (), [] and {}
 * nest; an operator's name and the "->" of an expression are no brackets,
 * nor a '>' or '<' inside parentheses that no '<' there opened.  Returns
 * where the first operator's name at depth 0 starts, or N. */
static size_t bracket_depths(const char *s, size_t n, struct scratch *b)
{
	uint32_t *d;
	char *stack;
	size_t sp = 0, op = n;

	if (n + 1 > b->cap) {
		b->cap = 2 * (n + 1);
		free(b->depth);
		free(b->stack);
		b->depth = xmalloc(b->cap * sizeof(*b->depth));
		b->stack = xmalloc(b->cap);
	}
	d = b->depth;
	stack = b->stack;
	for (size_t i = 0; i < n; i++) {
		size_t k = operator_len(s, i, n);
		char open;

		d[i] = (uint32_t)sp;
		if (k > 0) {
			if (sp == 0 && op == n)
				op = i;
			for (size_t j = 1; j < k; j++)
				d[i + j] = (uint32_t)sp;
			i += k - 1;
			continue;
		}
		switch (s[i]) {
		case '-':
			if (i + 1 < n && s[i + 1] == '>')
				d[++i] = (uint32_t)sp;
			continue;
		case '<': case '(': case '[': case '{':
			stack[sp++] = s[i];
			continue;
		case '>':
			if (sp > 0 && stack[sp - 1] == '<')
				sp--;
			continue;
		case ')': open = '('; break;
		case ']': open = '['; break;
		case '}': open = '{'; break;
		default: continue;
		}
		/* A closing bracket closes what its opening one opened since. */
		for (size_t j = sp; j-- > 0;)
			if (stack[j] == open) {
				sp = j;
				break;
			}
	}
	d[n] = (uint32_t)sp;
	return op;
}

static bool ends_with(const struct parsed *p, size_t end, const char *tail)
{
	size_t len = strlen(tail);

	return end >= p->begin + len && memcmp(p->s + end - len, tail, len) == 0 &&
	       p->depth[end - len] == 0;
}

/* Where what callgrind and the compiler append ends: "'2" and "'caller",
 * " [clone .isra.0]", trailing blanks. */
static size_t strip_suffixes(const struct parsed *p, size_t end)
{
	const char *s = p->s;

	for (size_t i = p->begin; i < end; i++)
		if (s[i] == '\'' && p->depth[i] == 0) {
			end = i;
			break;
		}
	for (;;) {
		size_t i;

		while (end > p->begin && s[end - 1] == ' ')
			end--;
		if (end == p->begin || s[end - 1] != ']')
			return end;
		for (i = end - 1; i > p->begin && !(s[i] == '[' && p->depth[i] == 0); i--)
			;
		if (s[i] != '[' || p->depth[i] != 0 || end - i < 8 || memcmp(s + i, "[clone ", 7) != 0)
			return end;
		end = i;
	}
}

/* Strip the qualifiers after a parameter list from S[..END); sets
 * QUALIFIED for those that only a member function has. */
static size_t strip_qualifiers(struct parsed *p, size_t end)
{
	static const struct { const char *tail; bool member; } tails[] = {
		{ " const", true }, { " volatile", true }, { " &&", true }, { " &", true },
		{ " noexcept", false }, { " transaction_safe", false },
	};
	bool more = true;

	while (more) {
		more = false;
		for (size_t k = 0; k < sizeof(tails) / sizeof(tails[0]); k++)
			if (ends_with(p, end, tails[k].tail)) {
				end -= strlen(tails[k].tail);
				p->qualified |= tails[k].member;
				more = true;
			}
	}
	return end;
}

/* The parameter list closing at S[END - 1]: where its '(' is and how many
 * parameters it has.  Returns false if S[..END) ends in none. */
static bool parameter_list(const struct parsed *p, size_t begin, size_t end, size_t *open,
			   size_t *nparams)
{
	uint32_t base;

	if (end <= begin || p->s[end - 1] != ')')
		return false;
	base = p->depth[end - 1] - 1;
	for (size_t i = end - 1; i-- > begin;) {
		if (p->s[i] != '(' || p->depth[i] != base)
			continue;
		*open = i;
		*nparams = i + 2 == end ? 0 : 1;
		for (size_t j = i + 1; j + 1 < end; j++)
			*nparams += p->s[j] == ',' && p->depth[j] == base + 1;
		return true;
	}
	return false;
}

static bool starts_with(const char *s, size_t n, const char *head)
{
	size_t len = strlen(head);

	return n >= len && memcmp(s, head, len) == 0;
}

/* The first operator name at depth 0 in S[BEGIN..END), or END.  Nothing
 * before a name's first one is an operator's name (a return type is no
 * expression), nothing after it starts another. */
static size_t first_operator(const struct parsed *p, size_t begin, size_t end)
{
	return p->op >= begin && p->op < end ? p->op : end;
}

/* Read the function of the component S[START..END) (its name, its
 * parameters and qualifiers), which may be a whole name's last. */
static void read_function(struct parsed *p, size_t start, size_t end)
{
	size_t open, n, op = first_operator(p, start, end);

	end = strip_qualifiers(p, end);
	if (op == end && parameter_list(p, start, end, &open, &n) && open > start) {
		p->params = true;
		p->nparams = n;
		end = open;
	} else if (op < end && parameter_list(p, op + operator_len(p->s, op, end), end, &open, &n)) {
		p->params = true;
		p->nparams = n;
		end = open;
	}
	p->fn = start;
	p->fn_end = end;
	/* Template arguments and ABI tags ("[abi:cxx11]") are no part of the
	 * name a constructor has. */
	if (op == end)
		for (size_t i = start; i < end; i++)
			if ((p->s[i] == '<' || p->s[i] == '[') && p->depth[i] == 0) {
				p->fn_end = i;
				break;
			}
}

/* Split S[BEGIN..END) into components at the "::" of depth 0 (none after
 * an operator's name): their ends into ENDS; returns how many, or 0 if
 * more than MAX_PARTS. */
static size_t components(const struct parsed *p, size_t end, size_t *ends)
{
	size_t n = 0, op = first_operator(p, p->begin, end);

	for (size_t i = p->begin; i + 1 < op; i++)
		if (p->s[i] == ':' && p->s[i + 1] == ':' && p->depth[i] == 0) {
			if (n == MAX_PARTS - 1)
				return 0;
			ends[n++] = i;
			i++;
		}
	ends[n++] = end;
	return n;
}

static size_t part_start(const struct parsed *p, const size_t *ends, size_t k)
{
	return k == 0 ? p->begin : ends[k - 1] + 2;
}

/* Whether component K (S[START..END)) is a function, which the following
 * components are local to: it has a parameter list at depth 0. */
static bool is_function_part(const struct parsed *p, size_t start, size_t end)
{
	if (p->s[start] == '(')   /* "(anonymous namespace)" */
		return false;
	for (size_t i = start; i < end; i++)
		if (p->s[i] == '(' && p->depth[i] == 0)
			return true;
	return false;
}

/* Whether the blank at S[I] (before END) is one after a parameter list,
 * before its qualifiers. */
static bool qualifier_follows(const struct parsed *p, size_t i, size_t end)
{
	static const char *const words[] = { "const", "volatile", "&", "noexcept" };

	if (i == 0 || p->s[i - 1] != ')')
		return false;
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (starts_with(p->s + i + 1, end - i - 1, words[k]))
			return true;
	return false;
}

static void parse(struct parsed *p, const char *s, struct scratch *b)
{
	static const char *const thunks[] = {
		"non-virtual thunk to ", "virtual thunk to ", "covariant return thunk to ",
		"transaction clone for ",
	};
	size_t n = strlen(s), end, op, ends[MAX_PARTS], m, local = SIZE_MAX, space = SIZE_MAX;
	bool qualified;

	memset(p, 0, sizeof(*p));
	p->s = s;
	p->op = bracket_depths(s, n, b);
	p->depth = b->depth;
	for (size_t k = 0; k < sizeof(thunks) / sizeof(thunks[0]); k++)
		if (starts_with(s, n, thunks[k])) {
			p->begin = strlen(thunks[k]);
			p->thunk = true;
		}
	end = strip_qualifiers(p, strip_suffixes(p, n));
	qualified = p->qualified;
	p->qualified = false;
	/* A return type ends at the last blank of depth 0 before the name of
	 * an operator (whose own may have blanks: "operator new"), but for the
	 * blank before the qualifiers of a function a lambda is local to
	 * ("f() const::{lambda()#1}"). */
	op = first_operator(p, p->begin, end);
	for (size_t i = p->begin; i < op; i++)
		if (s[i] == ' ' && p->depth[i] == 0 && !qualifier_follows(p, i, op))
			space = i;
	if (space != SIZE_MAX && space + 1 < end)
		p->begin = space + 1;
	m = end > p->begin ? components(p, end, ends) : 0;
	if (m == 0)
		return;
	/* A lambda, a local class: the function it is local to is the one
	 * whose class and namespace count. */
	for (size_t k = 0; k + 1 < m && local == SIZE_MAX; k++) {
		size_t start = part_start(p, ends, k);

		if (p->s[start] == '{')
			local = k == 0 ? 0 : k - 1;
		else if (is_function_part(p, start, ends[k]))
			local = k;
	}
	if (local == SIZE_MAX)
		local = m - 1;
	if (p->s[part_start(p, ends, local)] == '{')
		return;   /* "{lambda()#1}::...": local to nothing named */
	read_function(p, part_start(p, ends, local), ends[local]);
	if (local == m - 1)
		p->qualified |= qualified;
	p->nscope = local;
	memcpy(p->ends, ends, local * sizeof(*ends));
}


/* Component K of P's scopes: S[*START .. return). */
static size_t part(const struct parsed *p, size_t k, size_t *start)
{
	*start = part_start(p, p->ends, k);
	return p->ends[k];
}


/* Whether the function is scope K's constructor or destructor. */
static bool constructor(const struct parsed *p, size_t k)
{
	size_t start, end = part(p, k, &start), fn = p->fn, len;

	for (size_t i = start; i < end; i++)
		if (p->s[i] == '<' && p->depth[i] == 0) {
			end = i;
			break;
		}
	if (fn < p->fn_end && p->s[fn] == '~')
		fn++;
	len = p->fn_end - fn;
	return len == end - start && memcmp(p->s + fn, p->s + start, len) == 0;
}

enum operator_kind { OP_NONE, OP_MEMBER, OP_FREE };

/* What the function's name, if an operator's, says: only a member can be
 * operator(), [], ->, = or a conversion, or a binary operator of one
 * parameter; a binary operator of two is free (which says nothing of its
 * scope: the operator may be a friend's). */
static enum operator_kind operator_kind(const struct parsed *p)
{
	static const char *const binary[] = {
		"<<", ">>", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>=", "==", "!=",
		"<", "<=", ">", ">=", "<=>", "&&", "||", "/", "%", "^", "|", ",",
	};
	static const char *const either[] = { "+", "-", "*", "&" };
	const char *sym = p->s + p->fn + 8;
	size_t len, oplen = operator_len(p->s, p->fn, p->fn_end);

	if (oplen == 0)
		return OP_NONE;
	while (*sym == ' ')
		sym++;
	len = (size_t)(p->s + p->fn + oplen - sym);
	if (oplen == 8)   /* a conversion: "operator bool" */
		return starts_with(sym, 3, "new") || starts_with(sym, 6, "delete") ? OP_NONE : OP_MEMBER;
	if ((len == 2 && (memcmp(sym, "()", 2) == 0 || memcmp(sym, "[]", 2) == 0 ||
			  memcmp(sym, "->", 2) == 0)) || (len == 1 && *sym == '='))
		return OP_MEMBER;
	for (size_t i = 0; i < sizeof(binary) / sizeof(binary[0]); i++)
		if (len == strlen(binary[i]) && memcmp(sym, binary[i], len) == 0)
			return p->nparams == 1 ? OP_MEMBER : p->nparams == 2 ? OP_FREE : OP_NONE;
	for (size_t i = 0; i < sizeof(either) / sizeof(either[0]); i++)
		if (len == 1 && *sym == *either[i])
			return p->nparams == 2 ? OP_FREE : p->nparams == 0 ? OP_MEMBER : OP_NONE;
	return OP_NONE;
}

static struct scope_entry *find_scope(const struct cxx_scopes *s, const char *name, size_t len)
{
	struct scope_entry *e;

	HASH_FIND(hh, s->table, name, len, e);
	return e;
}

static void mark_scope(struct cxx_scopes *s, const char *name, size_t len, unsigned seen)
{
	struct scope_entry *e = find_scope(s, name, len);

	if (e == NULL) {
		e = xcalloc(1, sizeof(*e));
		e->name = xstrndup(name, len);
		HASH_ADD_KEYPTR(hh, s->table, e->name, len, e);
	}
	e->seen |= seen;
}

struct cxx_scopes *cxx_scopes_new(void)
{
	return xcalloc(1, sizeof(struct cxx_scopes));
}

void cxx_scopes_free(struct cxx_scopes *s)
{
	struct scope_entry *e, *tmp;
	struct name_entry *n, *ntmp;

	if (s == NULL)
		return;
	HASH_ITER(hh, s->table, e, tmp) {
		HASH_DEL(s->table, e);
		free(e->name);
		free(e);
	}
	HASH_ITER(hh, s->names, n, ntmp) {
		HASH_DEL(s->names, n);
		free(n->ends);
		free(n);
	}
	scratch_release(&s->scratch);
	free(s);
}

static struct name_entry *find_name(const struct cxx_scopes *s, const char *name)
{
	struct name_entry *n;

	HASH_FIND(hh, s->names, &name, sizeof(name), n);
	return n;
}

/* Keep what P read of NAME for the questions. */
static void keep_name(struct cxx_scopes *s, const char *name, const struct parsed *p)
{
	struct name_entry *n = xcalloc(1, sizeof(*n));

	n->name = name;
	n->begin = p->begin;
	n->nscope = p->nscope;
	n->ends = xmalloc((p->nscope ? p->nscope : 1) * sizeof(*n->ends));
	memcpy(n->ends, p->ends, p->nscope * sizeof(*n->ends));
	HASH_ADD(hh, s->names, name, sizeof(n->name), n);
}

/* The end of the qualified identifier (template arguments included)
 * that starts at S[I]. */
static size_t identifier_end(const struct parsed *p, size_t i, size_t n)
{
	const char *s = p->s;

	for (;;) {
		while (i < n && ident_char(s[i]))
			i++;
		if (i < n && s[i] == '<') {
			uint32_t d = p->depth[i];

			for (i++; i < n && !(s[i] == '>' && p->depth[i] == d + 1); i++)
				;
			if (i < n)
				i++;
		}
		if (i + 2 < n && s[i] == ':' && s[i + 1] == ':' && ident_char(s[i + 2]))
			i += 2;
		else
			return i;
	}
}

/* Mark NAME[START..END) as a type, and the scopes it is in as holding one. */
static void mark_type(struct cxx_scopes *s, const struct parsed *p, size_t start, size_t end)
{
	mark_scope(s, p->s + start, end - start, SEEN_TYPE);
	for (size_t i = start; i + 1 < end; i++)
		if (p->s[i] == ':' && p->s[i + 1] == ':' && p->depth[i] == p->depth[start])
			mark_scope(s, p->s + start, i - start, SEEN_CHILD);
}

/* Mark every qualified identifier of NAME outside the function's own name
 * (its parameters' types, template arguments, a return type) as a type. */
static void learn_types(struct cxx_scopes *s, const struct parsed *p, size_t n)
{
	const char *name = p->s;
	size_t own_end = p->nscope > 0 ? p->fn_end : p->begin;

	for (size_t i = 0; i < n; i++) {
		size_t end;

		if (!ident_char(name[i]) || (name[i] >= '0' && name[i] <= '9') ||
		    (i > 0 && (ident_char(name[i - 1]) || name[i - 1] == ':')))
			continue;
		if (i >= p->begin && i < own_end && p->depth[i] == 0)
			continue;   /* the function's own scopes */
		end = identifier_end(p, i, n);
		if (operator_len(name, i, n) == 0)
			mark_type(s, p, i, end);
		i = end - 1;
	}
}

void cxx_scopes_learn(struct cxx_scopes *s, const char *name)
{
	struct parsed p;
	size_t last;
	enum operator_kind op;

	/* A name of no scope is most of a C or C++ program's, and its
	 * parameters' types seldom tell of a scope: it is not read. */
	if (strstr(name, "::") == NULL || find_name(s, name) != NULL)
		return;
	parse(&p, name, &s->scratch);
	keep_name(s, name, &p);
	learn_types(s, &p, strlen(name));
	if (p.nscope > 0) {
		last = p.nscope - 1;
		op = operator_kind(&p);
		if (p.qualified || p.thunk || op == OP_MEMBER || constructor(&p, last))
			mark_scope(s, name + p.begin, p.ends[last] - p.begin, SEEN_CLASS);
		for (size_t k = 0; k < last; k++)
			mark_scope(s, name + p.begin, p.ends[k] - p.begin, SEEN_CHILD);
	}
}

/* Namespaces of the standard library and its implementation: a scope made
 * of these, from one of the first four, is a namespace. */
static bool library_namespace(const char *s, size_t len, bool first)
{
	static const char *const names[] = {
		"std", "__gnu_cxx", "__cxxabiv1", "__gnu_debug", "__gnu_parallel", "__debug",
		"__detail", "__cxx11", "__cxx1998", "__ops", "chrono", "filesystem", "__exception_ptr",
		"placeholders", "pmr", "ranges", "views", "literals", "chrono_literals",
		"string_literals", "this_thread", "regex_constants", "__parallel", "__profile",
		"rel_ops", "tr1", "experimental", "__format", "numbers", "execution", "_V2",
	};

	for (size_t i = 0; i < (first ? 5 : sizeof(names) / sizeof(names[0])); i++)
		if (len == strlen(names[i]) && memcmp(s, names[i], len) == 0)
			return true;
	return false;
}

/* Whether the name S[0..LEN) reads as a class's rather than a namespace's:
 * it starts with a capital letter or has an underscore (namespaces are
 * mostly short lowercase words: std, detail, gcc, llvm). */
static bool class_like(const char *s, size_t len)
{
	return (len > 0 && s[0] >= 'A' && s[0] <= 'Z') || memchr(s, '_', len) != NULL;
}

/* Whether each of the scopes 0..K of N is a class, into CLASS[]. */
static void classify(const struct cxx_scopes *s, const struct scopes_of *n, size_t k,
		     bool *is_class)
{
	bool library = true;

	for (size_t i = 0; i <= k; i++) {
		size_t start = i == 0 ? n->begin : n->ends[i - 1] + 2, end = n->ends[i];
		const struct scope_entry *e = find_scope(s, n->s + n->begin, end - n->begin);
		unsigned seen = e != NULL ? e->seen : 0;
		/* A scope is no operator's name: a '>' that ends it closes its
		 * template arguments. */
		bool templated = end > start && n->s[end - 1] == '>';

		library = library && library_namespace(n->s + start, end - start, i == 0);
		if (library)
			is_class[i] = false;
		else if (templated || (seen & (SEEN_CLASS | SEEN_TYPE)) || (i > 0 && is_class[i - 1]))
			is_class[i] = true;
		else   /* nothing shows: as names are mostly written */
			is_class[i] = !(seen & SEEN_CHILD) && class_like(n->s + start, end - start);
	}
}

/* The span of scopes 0..K of NAME (the whole scope when K is its last, the
 * outermost when 0) if it is a class (CLASS) or a namespace (!CLASS). */
static size_t scope_span(const struct cxx_scopes *s, const char *name, bool last, bool class,
			 size_t *start)
{
	const struct name_entry *known;
	struct scratch b = { NULL, NULL, 0 };
	struct parsed p;
	struct scopes_of n;
	bool is_class[MAX_PARTS];
	size_t len = 0, k;

	*start = 0;
	if (strstr(name, "::") == NULL)
		return 0;
	known = find_name(s, name);
	if (known != NULL) {
		n = (struct scopes_of){ name, known->begin, known->nscope, known->ends };
	} else {
		parse(&p, name, &b);
		n = (struct scopes_of){ name, p.begin, p.nscope, p.ends };
	}
	*start = 0;
	if (n.nscope > 0) {
		k = last ? n.nscope - 1 : 0;
		classify(s, &n, k, is_class);
		if (is_class[k] == class) {
			*start = n.begin;
			len = n.ends[k] - n.begin;
		}
	}
	scratch_release(&b);
	return len;
}

size_t cxx_class_of(const struct cxx_scopes *s, const char *name, size_t *start)
{
	return scope_span(s, name, true, true, start);
}

size_t cxx_namespace_of(const struct cxx_scopes *s, const char *name, size_t *start)
{
	return scope_span(s, name, false, false, start);
}
