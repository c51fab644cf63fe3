/* The flame graph's behaviour: hover shows a frame's full name and counts,
 * a click zooms into it, a regular expression search colours the matches
 * and gives the share they cover.  One script for both places a flame
 * graph is drawn:
 *
 *   - the SVG of cgannotate --format=flamegraph, whose frames the program
 *     drew (the picture stays readable where scripts do not run); this
 *     script runs at its end and takes the frames from the document;
 *   - the HTML report, whose script calls cgaFlame.build() to draw the
 *     same picture from the report's data, then cgaFlame.attach().  There
 *     every frame is known, but only those at least MIN_WIDTH wide are
 *     made: a zoom makes the others as they grow wide enough (a page
 *     holds five to ten times more frames than are that wide at first).
 *
 * Frames are <g class="frame" data-c="COUNT" [data-o="OLD COUNT"]
 * data-n="NAME NUMBER">, each with a <title> (the name, a newline, the
 * counts, and maybe lines more), a <rect> and a <text> (the name's label,
 * cut to fit); in the SVG those at least MIN_WIDTH wide, in preorder, and
 * in its <metadata> the others, which only the search needs.  The geometry is in the root's data
 * attributes, and so are the totals that shares are of.
 *
 * Text is cut to fit by an estimate of its width that bounds the fonts of
 * the style sheet, as report-flame.c cuts it: a line of text that is cut
 * holds the whole of it in a tooltip. */
'use strict';

/* exported cgaFlame */
const cgaFlame = (function () {
	const SVG_NS = 'http://www.w3.org/2000/svg';
	const WIDTH = 1200;
	const XPAD = 10;
	const ROW = 16;
	const TOP = 56;
	const LINE = 18;
	const BOTTOM = 36;
	const FONT_SIZE = 12;
	const LABEL_PAD = 3;
	const DETAILS_ROOM = WIDTH - 2 * XPAD - 130;
	const MIN_WIDTH = 0.1;

	/* Advances from ' ' to '~' in hundredths of an em, and every other
	 * character's: report-flame.c's ascii_width, which says where they
	 * come from (tests/flame.sh checks that the two tables agree). */
	const ASCII_WIDTH = [
		36, 41, 46, 84, 64, 108, 78, 28, 46, 46, 64, 84, 37, 46, 37, 46,
		64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 46, 46, 84, 84, 84, 55,
		100, 71, 69, 70, 78, 64, 58, 78, 76, 43, 46, 70, 56, 87, 75, 79,
		61, 79, 70, 69, 62, 74, 69, 99, 69, 62, 69, 46, 46, 46, 84, 64,
		64, 62, 64, 55, 64, 62, 36, 64, 64, 28, 35, 60, 28, 98, 64, 62,
		64, 64, 43, 53, 40, 64, 60, 82, 60, 60, 53, 64, 46, 64, 84,
	];
	const OTHER_WIDTH = 125;
	/* How to read a differential flame graph, as report-flame.c's DIFF_KEY. */
	const DIFF_KEY = 'Red: grew, blue: shrank, by the change of each frame\'s width; each as wide' +
		' as the larger of the two';
	/* What the marks of a function's bound and estimate in the tooltips
	 * mean, as report-flame.c's ESTIMATE_LEGEND. */
	const ESTIMATE_LEGEND = '\u2265: proven lower bound of the cost spent while it runs (recursion: ' +
		'the profile records no more); \u2248: estimated from the call graph\'s stacks, what the ' +
		'flame graph draws';
	const CUT_MARK = '..';
	const CUT_MARK_WIDTH = 2 * 37;

	/* "1234567" as "1,234,567"; a sign stays in front. */
	function groupDigits(text) {
		const s = String(text);
		const sign = s[0] === '-' || s[0] === '+' ? s[0] : '';
		return sign + s.slice(sign.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	}

	/* A count from JSON: a number, or a decimal string beyond 2^53. */
	function bigOf(v) {
		return typeof v === 'bigint' ? v : BigInt(v);
	}

	/* FNV-1a over the UTF-8 bytes, as calc-flame.c's flame_hash. */
	function hash(text) {
		let h = 2166136261;
		for (const b of new TextEncoder().encode(text))
			h = Math.imul(h ^ b, 16777619) >>> 0;
		return h;
	}

	function warm(name) {
		const h = hash(name);
		return 'rgb(' + (205 + h % 51) + ',' + ((h >>> 8) % 231) + ',' + ((h >>> 16) % 56) + ')';
	}

	/* A frame's relative change in percent as the page gives it (of its
	 * widths before rounding, as report-flame.c's): null for a new one. */
	function relativeOf(rel) {
		return rel === null || rel === undefined ? Infinity : Number(rel);
	}

	/* The colour of a relative change REL (percent), as report-flame.c's
	 * diverging: red for more, blue for less, deepest from 100% on. */
	function diverging(rel) {
		const pale = Math.round(225 * (1 - Math.min(Math.abs(rel) / 100, 1)));
		if (rel > 0)
			return 'rgb(255,' + pale + ',' + pale + ')';
		if (rel < 0)
			return 'rgb(' + pale + ',' + pale + ',255)';
		return 'rgb(228,228,228)';
	}

	/* Whether FILL ("rgb(r,g,b)") wants a white label, as report-flame.c decides. */
	function dark(fill) {
		const m = /^rgb\((\d+),(\d+),(\d+)\)$/.exec(fill);
		return m !== null && 299 * m[1] + 587 * m[2] + 114 * m[3] < 80000;
	}

	/* X with two decimals as C's printf writes it: an exact tie (a binary
	 * fraction ending in 5 at the third decimal, 0.125) to even, where
	 * toFixed rounds up; elsewhere the two agree. */
	function fixed2(x) {
		const t = x * 100;
		const lo = Math.trunc(t);
		if (Number.isInteger(x * 8) && Math.abs(t - lo) === 0.5)
			return ((lo % 2 === 0 ? lo : lo + Math.sign(t)) / 100).toFixed(2);
		return x.toFixed(2);
	}

	function percent(x, total) {
		return total !== 0 ? (Number(x) * 100 / Number(total)) : 0;
	}

	function charWidth(ch) {
		const c = ch.codePointAt(0);
		return c >= 0x20 && c < 0x7f ? ASCII_WIDTH[c - 0x20] : OTHER_WIDTH;
	}

	/* The width of TEXT in hundredths of an em. */
	function widthOf(text) {
		let w = 0;
		for (const ch of text)
			w += charWidth(ch);
		return w;
	}

	/* Whether WIDTH hundredths of an em fit in ROOM pixels, computed as
	 * report-flame.c computes it. */
	function fits(width, room) {
		return width * FONT_SIZE <= room * 100;
	}

	/* TEXT (WIDTH wide) as shown in ROOM pixels with RESERVE hundredths
	 * of an em kept for what follows: whole, or a start of it (by
	 * characters, not UTF-16 units) and the cut mark, or '' when not even
	 * one character and the mark fit. */
	function fitText(text, width, reserve, room) {
		if (fits(width + reserve, room))
			return { text, cut: false };
		let w = reserve + CUT_MARK_WIDTH;
		let keep = '';
		for (const ch of text) {
			w += charWidth(ch);
			if (!fits(w, room))
				break;
			keep += ch;
		}
		return { text: keep === '' ? '' : keep + CUT_MARK, cut: true };
	}

	/* The label of a frame WIDTH pixels wide named NAME (UNITS wide, if
	 * known). */
	function fitted(name, width, units) {
		return fitText(name, units === undefined ? widthOf(name) : units, 0,
			width - 2 * LABEL_PAD).text;
	}

	/* HEAD (cut if need be) and TAIL in ROOM pixels, as report-flame.c's
	 * put_line: TAIL stays whole while a character of HEAD fits before
	 * it.  Returns the text and whether it was cut. */
	function fitLine(head, tail, room) {
		const tailWidth = widthOf(tail);
		if (fits(tailWidth + CUT_MARK_WIDTH + OTHER_WIDTH, room)) {
			const r = fitText(head, widthOf(head), tailWidth, room);
			return { text: r.text + tail, cut: r.cut };
		}
		const line = head + tail;
		return fitText(line, widthOf(line), 0, room);
	}

	function make(tag, attrs, parent) {
		const e = document.createElementNS(SVG_NS, tag);
		for (const [k, v] of Object.entries(attrs))
			e.setAttribute(k, v);
		if (parent)
			parent.appendChild(e);
		return e;
	}

	function text(attrs, content, parent) {
		const e = make('text', attrs, parent);
		e.textContent = content;
		return e;
	}

	/* A <text> of HEAD and TAIL fitted to ROOM pixels (see fitLine), the
	 * whole line in its tooltip when it is cut. */
	function lineText(attrs, head, tail, room, parent) {
		const e = make('text', attrs, parent);
		const fit = fitLine(head, tail, room);
		if (fit.cut)
			make('title', {}, e).textContent = head + tail;
		e.appendChild(document.createTextNode(fit.text));
		return e;
	}

	/* The line under the frames, as report-flame.c's total_line writes it. */
	function totalLine(look) {
		const all = groupDigits(look.shareTotal);
		const oldAll = groupDigits(look.shareOldTotal);
		const kept = groupDigits(look.total);
		const oldKept = groupDigits(look.oldTotal);
		const focused = look.focus.length > 0;
		if (look.diff)
			return look.event + ': OLD ' + (focused ? oldKept + ' of ' + oldAll : oldAll) +
				', NEW ' + (focused ? kept + ' of ' + all : all) + '. ' + DIFF_KEY;
		const rest = '. Stacks estimated from the calls; frames narrower than ' +
			MIN_WIDTH.toFixed(1) + ' px left out';
		if (focused)
			return look.event + ': ' + kept + ' of ' + all + ' (' +
				fixed2(percent(look.total, look.shareTotal)) +
				'%) while a match is on the stack' + rest;
		return look.event + ': ' + all + rest;
	}

	/* "Focus: 'RE' 'RE2'", as the text report's header names them. */
	function focusHead(focus) {
		return 'Focus:' + focus.map(re => " '" + re + "'").join('');
	}

	/* The counts line of a frame's title, as report-flame.c writes it. */
	function countsLine(look, count, old, rel) {
		if (!look.diff)
			return groupDigits(count) + ' ' + look.event + ', ' +
				fixed2(percent(count, look.shareTotal)) + '%';
		const change = bigOf(count) - bigOf(old);
		const sign = change > 0n ? '+' : '';
		const pct = percent(change, look.shareOldTotal);
		return look.event + ' OLD ' + groupDigits(old) + ', NEW ' + groupDigits(count) +
			', change ' + sign + groupDigits(change) + ' (' +
			(rel === Infinity ? 'new' : rel === 0 ? '\u00b10.00%' : (rel > 0 ? '+' : '') +
				fixed2(rel) + '%') + '), ' +
			(pct >= 0 ? '+' : '') + fixed2(pct) + "% of OLD's total";
	}

	/* Draw the flame graph of TREE (the report's "flame" object) into a
	 * new <svg> element; frames narrower than MIN_WIDTH are made when a
	 * zoom widens them.  Shares are of TREE.share_total (OLD's:
	 * share_old_total), the whole program's, when the report gives it;
	 * TREE.focus, the --focus expressions, get a line of their own. */
	function build(tree, subtitle) {
		const diff = tree.diff;
		const stride = diff ? 6 : 3;
		const n = tree.nodes.length / stride;
		let depth = 0;
		for (let i = 0; i < n; i++)
			depth = Math.max(depth, tree.nodes[i * stride + 1] + 1);
		const look = {
			diff, event: tree.event, total: tree.total, oldTotal: diff ? tree.old_total : 0,
			shareTotal: tree.share_total !== undefined ? tree.share_total : tree.total,
			shareOldTotal: tree.share_old_total !== undefined ? tree.share_old_total
				: diff ? tree.old_total : 0,
			focus: tree.focus || [],
		};
		const top = TOP + (look.focus.length > 0 ? LINE : 0) + (tree.legend ? LINE : 0);
		const height = top + BOTTOM + (depth + 1) * ROW;
		const svg = make('svg', {
			version: '1.1', viewBox: '0 0 ' + WIDTH + ' ' + height, width: '100%',
			class: 'cga-flame', 'data-xpad': XPAD, 'data-row': ROW, 'data-top': top,
			'data-bottom': BOTTOM, 'data-down': tree.down ? 1 : 0, 'data-diff': diff ? 1 : 0,
			'data-total': look.total, 'data-old-total': look.oldTotal,
			'data-share-total': look.shareTotal, 'data-share-old-total': look.shareOldTotal,
			'data-event': tree.event, role: 'img',
		});
		svg.setAttribute('aria-label', (diff ? 'Differential flame graph of ' : 'Flame graph of ') +
			tree.event);
		make('rect', { x: 0, y: 0, width: WIDTH, height, fill: '#f4f4ea' }, svg);
		text({ id: 'cga-title', x: WIDTH / 2, y: 24 },
			diff ? 'Differential Flame Graph' : 'Flame Graph', svg);
		lineText({ id: 'cga-subtitle', x: WIDTH / 2, y: 42 }, subtitle || '', '', WIDTH - 2 * XPAD, svg);
		if (look.focus.length > 0)
			lineText({ id: 'cga-focus', x: WIDTH / 2, y: 42 + LINE }, focusHead(look.focus),
				' (costs while a match is on the stack, estimated)', WIDTH - 2 * XPAD, svg);
		if (tree.legend)
			lineText({ id: 'cga-legend', x: WIDTH / 2, y: 42 + LINE * (look.focus.length > 0 ? 2 : 1) },
				ESTIMATE_LEGEND, '', WIDTH - 2 * XPAD, svg);
		text({ id: 'cga-unzoom', class: 'cga-button cga-hidden', x: XPAD, y: 24 },
			'Reset Zoom', svg);
		text({ id: 'cga-matched', x: WIDTH - XPAD, y: height - 12 }, ' ', svg);
		lineText({ id: 'cga-details', x: XPAD, y: height - 12 }, totalLine(look), '', DETAILS_ROOM, svg);
		const group = make('g', { id: 'cga-frames' }, svg);
		const drawnTotal = Number(tree.drawn_total);
		const scale = drawnTotal > 0 ? (WIDTH - 2 * XPAD) / drawnTotal : 0;
		const rowY = row => tree.down ? top + row * ROW : height - BOTTOM - (row + 1) * ROW;

		const parents = new Int32Array(n);
		{
			const stack = [];
			for (let i = 0; i < n; i++) {
				const d = tree.nodes[i * stride + 1];
				stack.length = d;
				parents[i] = d > 0 ? stack[d - 1] : -1;
				stack.push(i);
			}
		}
		/* Each name's label and the lines its tooltip has after the counts. */
		const labels = tree.labels || [];
		const about = tree.about || [];

		/* The frames as attach() knows them; "all" first, then the tree's. */
		const frames = [{
			index: 0, name: 'all', count: tree.total, old: diff ? tree.old_total : null,
			rel: diff ? relativeOf(tree.change) : 0,
			x: 0, w: WIDTH - 2 * XPAD, depth: 0, parent: -1, end: 0, g: null,
		}];
		const offset = new Float64Array(n + 1);
		const next = new Float64Array(n + 1);
		for (let i = 0; i < n; i++) {
			const drawn = Number(tree.nodes[i * stride + (diff ? 4 : 2)]);
			const slot = parents[i] + 1;
			offset[i + 1] = next[slot];
			next[slot] += drawn;
			next[i + 1] = offset[i + 1];
			const id = tree.nodes[i * stride];
			frames.push({
				index: i + 1, name: tree.names[id], short: labels[id] || undefined,
				about: about[id] || '',
				count: tree.nodes[i * stride + 2], old: diff ? tree.nodes[i * stride + 3] : null,
				rel: diff ? relativeOf(tree.nodes[i * stride + 5]) : 0,
				x: offset[i + 1] * scale, w: drawn * scale, depth: tree.nodes[i * stride + 1] + 1,
				parent: parents[i] + 1, end: 0, g: null,
			});
		}
		/* Make frame F's element, at its place at full width. */
		const draw = f => {
			const fill = diff ? diverging(f.rel) : warm(f.name);
			const g = make('g', { class: dark(fill) ? 'frame dark' : 'frame', 'data-c': f.count }, group);
			if (diff)
				g.setAttribute('data-o', f.old);
			f.info = countsLine(look, f.count, f.old, f.rel);
			make('title', {}, g).textContent = f.name + '\n' + f.info + (f.about ? '\n' + f.about : '');
			const y = rowY(f.depth);
			f.rect = make('rect', { x: (XPAD + f.x).toFixed(2), y: y.toFixed(1), width: f.w.toFixed(2),
				height: ROW - 1, fill, rx: 2, ry: 2 }, g);
			f.label = text({ x: (XPAD + f.x + LABEL_PAD).toFixed(2), y: (y + 10.5).toFixed(1) },
				labelOf(f, f.w), g);
			f.g = g;
		};
		for (const f of frames)
			if (f.w >= MIN_WIDTH)
				draw(f);
		svg.cgaFrames = { frames, draw };
		return svg;
	}

	/* The label of frame F drawn W pixels wide; the width of its name is
	 * measured once. */
	function labelOf(f, w) {
		const shown = f.short || f.name;
		if (f.units === undefined)
			f.units = widthOf(shown);
		return fitted(shown, w, f.units);
	}

	/* The frames the SVG's document holds: those drawn, each followed by
	 * the frames below it too narrow to draw, which its <metadata> lists
	 * (see report-flame.c's put_hidden), for the search to count. */
	function framesOf(svg, down, top, height) {
		const drawn = [];
		const meta = svg.querySelector('#cga-data');
		const data = meta !== null ? JSON.parse(meta.textContent) : { names: [], hidden: [] };
		const fullOf = new Map();
		for (const g of svg.querySelectorAll('#cga-frames > .frame')) {
			const rect = g.querySelector('rect');
			const lines = g.querySelector('title').textContent.split('\n');
			const y = Number(rect.getAttribute('y'));
			const id = g.hasAttribute('data-n') ? Number(g.getAttribute('data-n')) : -1;
			const f = {
				g, rect, label: g.querySelector('text'), id,
				name: lines[0], info: lines.length > 1 ? lines[1] : '',
				short: id >= 0 && typeof data.names[id] === 'string' ? data.names[id] : undefined,
				count: g.getAttribute('data-c'), old: g.getAttribute('data-o'),
				x: Number(rect.getAttribute('x')) - XPAD,
				w: Number(rect.getAttribute('width')),
				depth: Math.round(down ? (y - top) / ROW : (height - BOTTOM - y) / ROW - 1),
			};
			if (id >= 0)
				fullOf.set(id, f.name);
			drawn.push(f);
		}
		const below = new Map();
		for (const [place, list] of data.hidden)
			below.set(place, (below.get(place) || []).concat([list]));
		const frames = [];
		const stack = [];
		const add = f => {
			f.index = frames.length;
			stack.length = f.depth;
			f.parent = f.depth > 0 ? stack[f.depth - 1] : -1;
			f.end = 0;
			stack.push(f.index);
			frames.push(f);
		};
		drawn.forEach((f, place) => {
			add(f);
			for (const list of below.get(place) || [])
				for (let k = 0; k < list.length; k += 3)
					add({
						g: null, name: fullOf.has(list[k + 1]) ? fullOf.get(list[k + 1])
							: data.names[list[k + 1]],
						count: String(list[k + 2]), old: null, x: 0, w: 0,
						depth: f.depth + list[k],
					});
		});
		return frames;
	}

	/* Hover, zoom and search over the frames of SVG.  OPTIONS.open, if
	 * given, is called with a frame's name on a plain click (the HTML
	 * report opens the function's page); a click with Shift zooms then. */
	function attach(svg, options) {
		options = options || {};
		const data = svg.dataset;
		const down = data.down === '1';
		const height = svg.viewBox.baseVal.height || Number(svg.getAttribute('height'));
		const full = WIDTH - 2 * XPAD;
		const total = Number(data.shareTotal || data.total);
		const details = svg.querySelector('#cga-details');
		const matched = svg.querySelector('#cga-matched');
		const unzoom = svg.querySelector('#cga-unzoom');
		const restDetails = Array.from(details.childNodes, e => e.cloneNode(true));
		const made = svg.cgaFrames;
		const frames = made ? made.frames : framesOf(svg, down, Number(data.top), height);
		const byElement = new Map();

		for (const f of frames)
			if (f.g)
				byElement.set(f.g, f);
		/* Each frame's descendants are the frames up to END. */
		for (let i = frames.length - 1; i >= 0; i--) {
			let e = i + 1;
			while (e < frames.length && frames[e].depth > frames[i].depth)
				e = frames[e].end;
			frames[i].end = e;
		}

		/* Set CLASS of F's element (when it is made) to ON. */
		function mark(f, cls, on) {
			f[cls] = on;
			if (f.g)
				f.g.classList.toggle(cls, on);
		}

		function place(f, x, w) {
			const visible = w >= MIN_WIDTH;
			if (!visible || (!f.g && !made)) {
				/* The standalone SVG draws no frame it left out. */
				if (f.g)
					f.g.style.display = 'none';
				return;
			}
			if (!f.g) {
				made.draw(f);
				byElement.set(f.g, f);
				for (const cls of ['cga-match', 'cga-ancestor'])
					f.g.classList.toggle(cls, !!f[cls]);
			}
			f.g.style.display = '';
			f.rect.setAttribute('x', (XPAD + x).toFixed(2));
			f.rect.setAttribute('width', w.toFixed(2));
			f.label.setAttribute('x', (XPAD + x + LABEL_PAD).toFixed(2));
			f.label.textContent = labelOf(f, w);
		}

		let zoomed = null;
		function zoom(f) {
			const ancestors = new Set();
			for (let a = f.parent; a >= 0; a = frames[a].parent)
				ancestors.add(a);
			const scale = f.w > 0 ? full / f.w : 0;
			for (const g of frames) {
				mark(g, 'cga-ancestor', ancestors.has(g.index));
				if (g === f || ancestors.has(g.index))
					place(g, 0, full);
				else if (g.index > f.index && g.index < f.end)
					place(g, (g.x - f.x) * scale, g.w * scale);
				else
					place(g, 0, 0);
			}
			zoomed = f.parent >= 0 ? f : null;
			unzoom.classList.toggle('cga-hidden', zoomed === null);
		}
		function reset() {
			for (const f of frames) {
				mark(f, 'cga-ancestor', false);
				place(f, f.x, f.w);
			}
			zoomed = null;
			unzoom.classList.add('cga-hidden');
		}

		/* Colour the frames whose names RE matches; give the share of the
		 * total they cover, a match inside a match counted once. */
		function search(re) {
			let sum = 0;
			let inside = -1;
			let count = 0;
			for (const f of frames) {
				const hit = re !== null && re.test(f.name);
				mark(f, 'cga-match', hit);
				if (inside >= 0 && f.depth > inside)
					continue;
				inside = -1;
				if (hit) {
					sum += Number(f.count);
					inside = f.depth;
					count++;
				}
			}
			const share = total > 0 ? sum * 100 / total : 0;
			matched.textContent = re === null ? ' ' : 'Matched: ' + fixed2(share) + '%';
			return { share, frames: count };
		}

		svg.addEventListener('mouseover', e => {
			const g = e.target.closest('.frame');
			if (g !== null) {
				const f = byElement.get(g);
				details.textContent = fitLine(f.name, ' (' + f.info + ')', DETAILS_ROOM).text;
			}
		});
		svg.addEventListener('mouseout', e => {
			if (e.target.closest('.frame') !== null)
				details.replaceChildren(...restDetails.map(e => e.cloneNode(true)));
		});
		svg.addEventListener('click', e => {
			const g = e.target.closest('.frame');
			if (g !== null) {
				const f = byElement.get(g);
				if (options.open && !e.shiftKey)
					options.open(f.name);
				else
					zoom(f);
			} else if (e.target === unzoom) {
				reset();
			}
		});
		return { frames, zoom, reset, search, svg };
	}

	/* The standalone SVG: the search button asks for an expression. */
	function standalone(svg) {
		const flame = attach(svg);
		const button = svg.querySelector('#cga-search');
		/* Hidden where no script runs, which would search. */
		button.classList.remove('cga-hidden');
		function ask() {
			const term = window.prompt('Search for a regular expression (empty: clear)', '');
			if (term === null)
				return;
			let re = null;
			try {
				re = term === '' ? null : new RegExp(term);
			} catch (err) {
				window.alert('Not a regular expression: ' + err.message);
				return;
			}
			flame.search(re);
			button.textContent = re === null ? 'Search' : 'Clear search';
		}
		button.addEventListener('click', () => {
			if (button.textContent === 'Search') {
				ask();
			} else {
				flame.search(null);
				button.textContent = 'Search';
			}
		});
		document.addEventListener('keydown', e => {
			if ((e.ctrlKey && e.key === 'f') || e.key === '/') {
				e.preventDefault();
				ask();
			} else if (e.key === 'Escape') {
				flame.reset();
				flame.search(null);
				button.textContent = 'Search';
			}
		});
		return flame;
	}

	const api = { build, attach, standalone, groupDigits, warm, diverging, countsLine };
	const root = document.documentElement;
	if (root !== null && root.localName === 'svg' && root.classList.contains('cga-flame'))
		api.current = standalone(root);
	return api;
})();
