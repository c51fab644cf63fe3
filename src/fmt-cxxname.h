/* Where a C++ function is declared, read from its demangled name as
 * callgrind writes it: the class of a member function and the outermost
 * namespace, for --group-by=class and --group-by=namespace.
 *
 * A name is read as the GNU demangler prints it: an optional return type
 * (function templates), a thunk's words ("non-virtual thunk to"), the
 * qualified name, its parameter list and qualifiers (" const", " &"), and
 * what callgrind appends (" [clone .isra.0]", "'2" for a recursion level,
 * "'caller" with --separate-callers).  Template arguments are kept whole
 * ("std::vector<int, std::allocator<int> >", ">>" closing two), operator
 * names are names ("operator<<", "operator()", "operator std::string"),
 * and a lambda or local class belongs where the function it is local to
 * does ("A::f(int)::{lambda(int)#1}::operator()(int) const" is A's).
 *
 * "a::b::f" does not say whether b is a class or a namespace: the names of
 * a whole profile do.  A scope is a class when some name shows it: template
 * arguments, its constructor or destructor, a const, volatile or
 * ref-qualified member, an operator only a member can be (operator(),
 * operator[], operator->, operator=, a conversion, a binary operator with
 * one parameter), a thunk, being named as a type (of a parameter, a
 * template argument, a return type, in a name that has scopes itself), or
 * being nested in a class.  It is a
 * namespace when it is made of the standard library's namespaces (std,
 * __gnu_cxx, __cxx11, __detail, chrono, ...), whatever is named in them.  A
 * scope that shows neither is taken as such scopes are mostly named: a class
 * if it holds no other scope (as a function's or a type's) and its name
 * starts with a capital letter or has an underscore, else a namespace
 * ("Walker::walk", "name_lookup::search", "detail::mix", "wi::lts_p",
 * "(anonymous namespace)::f"). */
#ifndef CGA_FMT_CXXNAME_H
#define CGA_FMT_CXXNAME_H

#include <stdbool.h>
#include <stddef.h>

/* What the names of one profile say of their scopes. */
struct cxx_scopes;

struct cxx_scopes *cxx_scopes_new(void);
void cxx_scopes_free(struct cxx_scopes *s);

/* Learn what NAME says of its scopes: every name of the profile, before
 * any question. */
void cxx_scopes_learn(struct cxx_scopes *s, const char *name);

/* The class of NAME's function, as the span NAME[*START .. *START + len)
 * whose length is returned; 0 for a function of no class (a free
 * function, a C function). */
size_t cxx_class_of(const struct cxx_scopes *s, const char *name, size_t *start);

/* The outermost namespace of NAME's function, as a span of NAME; 0 for a
 * function of the global namespace (or of a class declared there). */
size_t cxx_namespace_of(const struct cxx_scopes *s, const char *name, size_t *start);

#endif
