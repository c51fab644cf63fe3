/* A small client of Chromium's DevTools protocol over a pipe
 * (--remote-debugging-pipe: the browser reads commands on its fd 3 and
 * writes answers and events on its fd 4, each a JSON text ended by a NUL).
 * It needs no package and downloads nothing: it drives the Chromium that
 * is installed.  One page at a time, with every request that is not the
 * loaded file refused and recorded, and every console error, uncaught
 * exception and error log entry recorded. */
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

class Browser {
	constructor(proc, profileDir) {
		this.proc = proc;
		this.profileDir = profileDir;
		this.nextId = 1;
		this.pending = new Map();
		this.listeners = [];
		this.buffer = '';
		this.closed = false;
		const input = proc.stdio[4];
		input.setEncoding('utf8');
		input.on('data', chunk => this.receive(chunk));
		proc.on('exit', () => {
			this.closed = true;
			for (const { reject } of this.pending.values())
				reject(new Error('the browser exited'));
			this.pending.clear();
		});
	}

	static launch(executable) {
		const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgannotate-chromium-'));
		/* One process for the browser and its pages: a renderer started
		 * for every page opened cost the suite seconds of CPU. */
		const args = [
			'--headless', '--single-process', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync',
			'--disable-default-apps', '--disable-extensions', '--mute-audio',
			'--remote-debugging-pipe', '--user-data-dir=' + profileDir, 'about:blank',
		];
		const proc = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
		proc.stderr.resume();
		return new Browser(proc, profileDir);
	}

	receive(chunk) {
		this.buffer += chunk;
		let end;
		while ((end = this.buffer.indexOf('\0')) >= 0) {
			const message = JSON.parse(this.buffer.slice(0, end));
			this.buffer = this.buffer.slice(end + 1);
			if (message.id !== undefined) {
				const waiter = this.pending.get(message.id);
				this.pending.delete(message.id);
				if (waiter === undefined)
					continue;
				if (message.error)
					waiter.reject(new Error(waiter.method + ': ' + message.error.message));
				else
					waiter.resolve(message.result);
			} else {
				for (const listener of this.listeners.slice())
					listener(message);
			}
		}
	}

	send(method, params, sessionId) {
		if (this.closed)
			return Promise.reject(new Error('the browser exited'));
		const id = this.nextId++;
		const message = { id, method, params: params || {} };
		if (sessionId)
			message.sessionId = sessionId;
		this.proc.stdio[3].write(JSON.stringify(message) + '\0');
		return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, method }));
	}

	on(listener) {
		this.listeners.push(listener);
		return () => { this.listeners = this.listeners.filter(l => l !== listener); };
	}

	async newPage(width, height) {
		const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
		const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
		const page = new Page(this, targetId, sessionId);
		await page.init(width, height);
		return page;
	}

	async close() {
		const exited = new Promise(resolve => {
			if (this.proc.exitCode !== null || this.proc.signalCode !== null)
				resolve();
			else
				this.proc.on('exit', resolve);
		});
		/* Bounds on the waits, which must not keep node running once the
		 * browser is gone: a pending timer would, seconds after it. */
		const within = ms => new Promise(r => setTimeout(r, ms).unref());
		if (!this.closed) {
			try {
				await Promise.race([this.send('Browser.close'), within(3000)]);
			} catch (e) {
				/* it went already */
			}
		}
		await Promise.race([exited, within(5000)]);
		if (this.proc.exitCode === null && this.proc.signalCode === null) {
			this.proc.kill('SIGKILL');
			await exited;
		}
		fs.rmSync(this.profileDir, { recursive: true, force: true, maxRetries: 5 });
	}
}

class Page {
	constructor(browser, targetId, sessionId) {
		this.browser = browser;
		this.targetId = targetId;
		this.sessionId = sessionId;
		this.errors = [];
		this.requests = [];
		this.allowed = null;
		this.dialogs = [];
		this.dialogAnswer = '';
		browser.on(message => {
			if (message.sessionId === sessionId)
				this.event(message.method, message.params);
		});
	}

	send(method, params) {
		return this.browser.send(method, params, this.sessionId);
	}

	async init(width, height) {
		await this.send('Page.enable');
		await this.send('Runtime.enable');
		await this.send('Log.enable');
		await this.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
		await this.send('Emulation.setDeviceMetricsOverride',
			{ width: width || 1366, height: height || 768, deviceScaleFactor: 1, mobile: false });
	}

	event(method, params) {
		if (method === 'Runtime.exceptionThrown') {
			const d = params.exceptionDetails;
			this.errors.push('exception: ' + (d.exception && d.exception.description || d.text));
		} else if (method === 'Runtime.consoleAPICalled') {
			if (params.type === 'error' || params.type === 'assert' || params.type === 'warning')
				this.errors.push('console.' + params.type + ': ' +
					params.args.map(a => a.value !== undefined ? a.value : a.description).join(' '));
		} else if (method === 'Log.entryAdded') {
			if (params.entry.level === 'error' || params.entry.level === 'warning')
				this.errors.push('log: ' + params.entry.text + (params.entry.url ? ' ' +
					params.entry.url : ''));
		} else if (method === 'Fetch.requestPaused') {
			const url = params.request.url;
			if (url === this.allowed) {
				this.send('Fetch.continueRequest', { requestId: params.requestId }).catch(() => {});
			} else {
				this.requests.push(url);
				this.send('Fetch.failRequest', { requestId: params.requestId,
					errorReason: 'BlockedByClient' }).catch(() => {});
			}
		} else if (method === 'Page.javascriptDialogOpening') {
			this.dialogs.push(params.message);
			this.send('Page.handleJavaScriptDialog',
				{ accept: true, promptText: this.dialogAnswer }).catch(() => {});
		} else if (method === 'Page.loadEventFired' && this.onLoad) {
			this.onLoad();
		}
	}

	/* Load the file FILE; resolves once its load event fired. */
	async open(file, hash) {
		const url = 'file://' + path.resolve(file);
		this.allowed = url;
		const loaded = new Promise(resolve => { this.onLoad = resolve; });
		const started = Date.now();
		const result = await this.send('Page.navigate', { url: url + (hash || '') });
		if (result.errorText)
			throw new Error('cannot load ' + url + ': ' + result.errorText);
		/* A new fragment of the document shown loads nothing. */
		if (result.loaderId !== undefined)
			await loaded;
		this.onLoad = null;
		return Date.now() - started;
	}

	/* The value of EXPRESSION (awaited when it is a promise), as JSON. */
	async eval(expression) {
		const r = await this.send('Runtime.evaluate',
			{ expression, awaitPromise: true, returnByValue: true });
		if (r.exceptionDetails)
			throw new Error('in the page: ' + (r.exceptionDetails.exception &&
				r.exceptionDetails.exception.description || r.exceptionDetails.text));
		return r.result.value;
	}

	async screenshot(file) {
		const { data } = await this.send('Page.captureScreenshot', { format: 'png' });
		fs.writeFileSync(file, Buffer.from(data, 'base64'));
	}

	async close() {
		await this.browser.send('Target.closeTarget', { targetId: this.targetId });
	}
}

/* Run FN(browser, case) for each case of the JSON array in the file
 * MANIFEST, one after the other, in one browser ($CHROMIUM, else
 * /usr/bin/chromium), which is closed after them.  With BROWSER_CLAIMS=DIR,
 * several processes share the cases: each runs those it claims first (a
 * directory DIR/INDEX, which one process alone can make) and prefixes each
 * line it prints with "@INDEX ", so that its caller can put the lines of
 * all in the cases' order. */
async function eachCase(manifest, fn) {
	const cases = JSON.parse(fs.readFileSync(manifest, 'utf8'));
	const claims = process.env.BROWSER_CLAIMS;
	const browser = Browser.launch(process.env.CHROMIUM || '/usr/bin/chromium');
	const log = console.log;
	try {
		for (const [i, kase] of cases.entries()) {
			if (claims) {
				try {
					fs.mkdirSync(claims + '/' + i);
				} catch (e) {
					continue;
				}
				console.log = (...args) => log(args.join(' ').split('\n').map(l => '@' + i + ' ' + l).join('\n'));
			}
			await fn(browser, kase);
		}
	} finally {
		console.log = log;
		await browser.close();
	}
}

module.exports = { Browser, eachCase };
