/* Writes a Callgrind profile whose names are hard to fit (on standard
 * output), for the flame graphs' checks of tests/browser/check.js: chains
 * of calls, one for each kind of name (digits, wide and narrow letters,
 * punctuation of C++ names, characters beyond ASCII), each frame about 8%
 * narrower than its caller's, so that the names are cut at many widths;
 * a function of a 2,000-character C++ name, 30% wide, for the line a
 * hover writes; and a command line longer than the picture is wide.
 *
 * usage: node wide-profile.js > wide.out */
'use strict';

const KINDS = [
	i => '0x' + (0x67e340 + i).toString(16).padStart(16 + i % 7, '0'),
	i => 'W'.repeat(12 + i),
	i => 'm'.repeat(12 + i) + 'M',
	i => '@%'.repeat(6 + i) + '_',
	i => 'std::map<int, long>::operator[](unsigned long const&)::' + 'w'.repeat(i),
	i => 'ЖШЮ漢'.repeat(3 + i) + i,
	i => 'iIl1|'.repeat(4 + i),
	i => 'QQ_' + String(i).padStart(3, '0') + '_0123456789'.repeat(4),
];
const DEPTH = 40;
const TOTAL = 10000000;
const CHAIN = TOTAL * 0.08;

function longName() {
	let name = 'std::vector<std::pair<unsigned long, std::__cxx11::basic_string<char>>>::';
	while (name.length < 2000)
		name += 'operator()<std::allocator<std::pair<int const, double>>, ' + name.length + '>';
	return name + '(int)';
}

const out = [];
out.push('version: 1', 'creator: cgannotate tests/browser/wide-profile.js');
out.push('cmd: ./program ' + Array.from({ length: 60 }, (_, i) => '--option-' + i + '=WWW').join(' '));
out.push('events: Ir', 'fl=wide.c');
const long = longName();
const chains = KINDS.map((name, k) => Array.from({ length: DEPTH }, (_, i) => name(i + k)));
let mainSelf = TOTAL - KINDS.length * CHAIN - TOTAL * 0.3;
out.push('fn=main', '1 ' + mainSelf);
out.push('cfn=' + long, 'calls=1 1', '1 ' + TOTAL * 0.3);
for (const chain of chains)
	out.push('cfn=' + chain[0], 'calls=1 1', '1 ' + CHAIN);
out.push('fn=' + long, '1 ' + TOTAL * 0.3);
for (const chain of chains) {
	let inclusive = CHAIN;
	for (let i = 0; i < chain.length; i++) {
		const next = i + 1 < chain.length ? Math.floor(inclusive * 0.92) : 0;
		out.push('fn=' + chain[i], '1 ' + (inclusive - next));
		if (next > 0)
			out.push('cfn=' + chain[i + 1], 'calls=1 1', '1 ' + next);
		inclusive = next;
	}
}
out.push('totals: ' + TOTAL);
process.stdout.write(out.join('\n') + '\n');
