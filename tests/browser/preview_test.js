// The preview site and the HTML report in a real browser: Debian's chromium driven by
// puppeteer-core, one launch for every case. Run by ctest (browser_preview):
//   node preview_test.js QBANK SAMPLES WORK_DIR [SCREENSHOT_DIR]
// Exits 77 (ctest's SKIP_RETURN_CODE) when chromium or node_modules are absent, 1 on a failure.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const SKIP = 77;
const [qbank, samples, work, shotsArg] = process.argv.slice(2);
const chromium = process.env.QBANK_CHROMIUM || '/usr/bin/chromium';
let puppeteer;
try {
  puppeteer = require('puppeteer-core');
} catch (e) {
  console.log('SKIP: puppeteer-core is not installed (run `npm ci` in tests/browser)');
  process.exit(SKIP);
}
if (!fs.existsSync(chromium)) {
  console.log(`SKIP: no chromium at ${chromium} (apt-get install chromium)`);
  process.exit(SKIP);
}

const failures = [];
function check(ok, what) {
  if (ok) {
    console.log(`ok   ${what}`);
  } else {
    console.log(`FAIL ${what}`);
    failures.push(what);
  }
}

// A bank whose every field tries to run code or reach the network, a local image and pictures
// kept in a question's extensions.media; returns its number of questions.
function writeHostileBank(dir) {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGUlEQVR4nGNkaGAgCTCRpnxUw6iGUQ1DSAMAQC4BH7hXVbgAAAAASUVORK5CYII=',
    'base64');
  fs.writeFileSync(path.join(dir, 'diagram.png'), png);
  const bank = {
    qbank: 1,
    questions: [
      {
        id: 'hostile-html', type: 'single', markup: 'html', domain: 'Security',
        stem: 'Which is safe? <script>window.__pwned = "script"; alert(1)</script>' +
          '<img src="x" onerror="window.__pwned = \'onerror\'">' +
          '<a href="javascript:window.__pwned = \'link\'" id="evil">a link</a>' +
          '<a href=" JaVaScRiPt:alert(1)">spaced</a>' +
          '<img src="http://192.0.2.1/track.png" alt="remote pixel">' +
          '<img src="diagram.png" alt="local diagram" id="local-image">' +
          '<p style="background:url(http://192.0.2.1/bg.png)" onclick="alert(2)">styled</p>',
        trap: '<iframe src="http://192.0.2.1/"></iframe><svg onload="alert(3)"><circle r="3"/></svg>trap',
        options: [
          { text: '<b onmouseover="alert(4)">bold</b> option', correct: true,
            rationale: '<form action="http://192.0.2.1/"><input name="x"></form>fine' },
          { text: '<object data="http://192.0.2.1/x.swf"></object>second', correct: false,
            rationale: '<link rel="stylesheet" href="http://192.0.2.1/x.css">no' },
        ],
        explanation: '<meta http-equiv="refresh" content="0;url=http://192.0.2.1/">' +
          '<base href="http://192.0.2.1/">explained',
      },
      {
        // Pictures kept in the question (extensions.media, as the docx and package readers keep
        // them): one shown, one whose name tries to leave the site, one with a javascript: src.
        id: 'kept-pictures', type: 'single', markup: 'html', domain: 'Security',
        stem: 'Which shape is drawn? <img src="media/shape%201.png" alt="kept picture">' +
          '<img src="../../escape.png" alt="escaping picture">' +
          '<img src="javascript:window.__pwned = \'media\'" alt="script picture">',
        options: [
          { text: 'A square', correct: true },
          { text: 'A circle', correct: false },
        ],
        extensions: {
          media: {
            'media/shape 1.png': png.toString('base64'),
            '../../escape.png': png.toString('base64'),
            "javascript:window.__pwned = 'media'": png.toString('base64'),
          },
        },
      },
      {
        id: 'hostile-text', type: 'single', domain: 'Security',
        stem: 'Plain text shows <script>alert("x")</script> as it is written.',
        options: [
          { text: 'onerror=alert(1)', correct: true, rationale: 'javascript:alert(1) is text here' },
          { text: 'Another', correct: false, rationale: 'Not it.' },
        ],
        explanation: 'Nothing runs.',
      },
    ],
  };
  fs.writeFileSync(path.join(dir, 'hostile.json'), JSON.stringify(bank, null, 2));
  return bank.questions.length;
}

// A bank of `n` generated questions in three domains, large enough that the index has several
// pages and several data files; question `marked` alone holds the word "zebracorn".
const BIG_QUESTIONS = 4321;
const BIG_MARKED = 4300;
function writeBigBank(dir, n, marked) {
  const words = ['river', 'copper', 'lantern', 'orbit', 'meadow', 'signal', 'harbor', 'prism',
    'glacier', 'ledger', 'falcon', 'quartz', 'tundra', 'violet', 'walnut', 'ember'];
  const domains = ['Alpha', 'Beta', 'Gamma'];
  const questions = [];
  for (let i = 1; i <= n; i++) {
    const w = (k) => words[(i * (k + 3) + k * 7) % words.length];
    questions.push({
      id: `big-${String(i).padStart(4, '0')}`, type: 'single', domain: domains[i % 3],
      stem: `Question ${i}: which ${w(1)} goes with the ${w(2)} ${w(3)}` +
        (i === marked ? ' and the zebracorn' : '') + ` in case ${i * 7919 % 10007}?`,
      options: [
        { text: `The ${w(4)} of ${i}`, correct: i % 4 === 0 },
        { text: `The ${w(5)} of ${i + 1}`, correct: i % 4 === 1 },
        { text: `The ${w(6)} of ${i + 2}`, correct: i % 4 === 2 },
        { text: `The ${w(7)} of ${i + 3}`, correct: i % 4 === 3 },
      ],
      explanation: `Case ${i} is explained by its ${w(8)}.`,
    });
  }
  fs.writeFileSync(path.join(dir, 'big.json'), JSON.stringify({ qbank: 1, questions }));
}

// Runs qbank from the samples' parent folder, so pages name the files as a user's run would.
function run(args) {
  try {
    return execFileSync(qbank, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
      cwd: path.dirname(samples) });
  } catch (e) {
    return e.stdout;  // lint exits 1 on findings
  }
}

async function main() {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const hostileDir = path.join(work, 'hostile');
  fs.mkdirSync(hostileDir);
  const HOSTILE_QUESTIONS = writeHostileBank(hostileDir);
  const site = path.join(work, 'site');
  const report = path.join(work, 'report.html');
  const rel = path.basename(samples);
  run(['preview', rel, hostileDir, '-o', site]);
  const bigDir = path.join(work, 'big');
  fs.mkdirSync(bigDir);
  writeBigBank(bigDir, BIG_QUESTIONS, BIG_MARKED);
  const bigSite = path.join(work, 'big-site');
  run(['preview', bigDir, '-o', bigSite]);
  run(['lint', rel, '--format', 'html', '-o', report, '--preview', site]);
  // Every rule, as the report ran them, so the findings per rule compare.
  const stats = JSON.parse(run(['stats', rel, '--format', 'json', '--findings']));
  const shots = shotsArg || process.env.QBANK_SCREENSHOTS || path.join(work, 'screenshots');
  fs.mkdirSync(shots, { recursive: true });

  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
  });
  const requests = [], consoleErrors = [], dialogs = [];
  async function open(url) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 900 });
    await page.setRequestInterception(true);
    page.on('request', (r) => {
      if (r.url().startsWith('file://')) {
        r.continue();
      } else {
        requests.push(r.url());
        r.abort();
      }
    });
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${url}: ${m.text()}`); });
    page.on('pageerror', (e) => consoleErrors.push(`${url}: ${e.message}`));
    page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
    await page.goto('file://' + url, { waitUntil: 'load' });
    return page;
  }
  // Presses Tab until focus comes back round; true when every control was focused.
  async function tabReachesEveryControl(page, what) {
    const total = await page.evaluate(() => {
      const controls = Array.from(document.querySelectorAll('a[href], button, input, select'))
        .filter((e) => e.offsetParent !== null || e.getClientRects().length > 0);
      controls.forEach((e, i) => e.setAttribute('data-control', String(i)));
      return controls.length;
    });
    const seen = new Set();
    for (let i = 0; i < total + 3; i++) {
      await page.keyboard.press('Tab');
      const n = await page.evaluate(() => document.activeElement.getAttribute('data-control'));
      if (n !== null) seen.add(n);
    }
    check(total > 0 && seen.size === total, `${what}: Tab reaches all ${total} controls (${seen.size} reached)`);
  }

  // The index: search and filters.
  const index = await open(path.join(site, 'index.html'));
  const counts = await index.evaluate(() => {
    const c = document.getElementById('count').dataset;
    return { total: Number(c.loaded), shown: Number(c.shown), drawn: document.querySelectorAll('#questions > li').length };
  });
  check(counts.total === stats.questions + HOSTILE_QUESTIONS && counts.shown === counts.total && counts.drawn === Math.min(100, counts.total),
    `index holds every question (${counts.total}) and draws the first ${counts.drawn}`);
  await index.screenshot({ path: path.join(shots, 'preview-index.png') });
  await index.type('#search', 'TTL dns');
  const searched = await index.evaluate(() => Array.from(document.querySelectorAll('#questions > li'))
    .filter((li) => !li.hidden).map((li) => li.textContent.toLowerCase()));
  check(searched.length > 0 && searched.length < counts.total &&
    searched.every((t) => t.includes('ttl') && t.includes('dns')), `search narrows to ${searched.length}`);
  await index.evaluate(() => { const s = document.getElementById('search'); s.value = ''; s.dispatchEvent(new Event('input')); });
  await index.select('#type', 'true-false');
  const typed = await index.evaluate(() => Array.from(document.querySelectorAll('#questions > li'))
    .filter((li) => !li.hidden).map((li) => li.dataset.type));
  check(typed.length > 0 && typed.every((t) => t === 'true-false'), `type filter shows ${typed.length} true/false`);
  await index.select('#type', '');
  await index.select('#domain', 'Networking');
  const domains = await index.evaluate(() => Array.from(document.querySelectorAll('#questions > li'))
    .filter((li) => !li.hidden).map((li) => li.dataset.domain));
  check(domains.length > 0 && domains.every((d) => d === 'Networking'), `domain filter shows ${domains.length}`);
  await index.select('#domain', '');
  const someFile = await index.evaluate(() => document.querySelector('#file option:nth-child(2)').value);
  await index.select('#file', someFile);
  const files = await index.evaluate(() => Array.from(document.querySelectorAll('#questions > li'))
    .filter((li) => !li.hidden).map((li) => li.dataset.file));
  check(files.length > 0 && files.every((f) => f === someFile), `file filter shows ${files.length}`);
  await index.select('#file', '');
  await index.click('#has-findings');
  const flagged = await index.evaluate(() => Array.from(document.querySelectorAll('#questions > li'))
    .filter((li) => !li.hidden).map((li) => li.dataset.findings));
  check(flagged.length > 0 && flagged.length < counts.total && flagged.every((n) => n !== '0'),
    `has-findings filter shows ${flagged.length}`);
  await index.click('#has-findings');
  await index.keyboard.press('/');
  check(await index.evaluate(() => document.activeElement.id === 'search'), '/ focuses the search box');
  await index.evaluate(() => document.activeElement.blur());
  await tabReachesEveryControl(index, 'index');

  // A paged index: the rows come from several data files; search and filters reach every page.
  const big = await open(path.join(bigSite, 'index.html'));
  const dataFiles = fs.readdirSync(path.join(bigSite, 'index')).filter((f) => /^rows-\d+\.js$/.test(f));
  check(dataFiles.length === Math.ceil(BIG_QUESTIONS / 2000), `the big index's rows are in ${dataFiles.length} data files`);
  const shownRows = () => big.evaluate(() => Array.from(document.querySelectorAll('#questions > li')).map((li) => ({
    id: li.querySelector('.tag').textContent, domain: li.dataset.domain, href: li.querySelector('a').getAttribute('href'),
    text: li.textContent })));
  const state = () => big.evaluate(() => { const c = document.getElementById('count'); return { loaded: Number(c.dataset.loaded),
    shown: Number(c.dataset.shown), text: c.textContent, page: document.getElementById('index-page').textContent,
    pager: !document.getElementById('index-pager').hidden, prev: !document.getElementById('index-prev').hidden,
    next: !document.getElementById('index-next').hidden }; });
  let st = await state();
  let listed = await shownRows();
  const pages = Math.ceil(BIG_QUESTIONS / 100);
  check(st.loaded === BIG_QUESTIONS && st.shown === BIG_QUESTIONS && listed.length === 100 &&
    listed[0].id === 'big-0001' && st.page === `Page 1 of ${pages}` && st.pager && !st.prev && st.next,
    `the big index loads all ${st.loaded} rows and shows the first 100 (${st.text}; ${st.page})`);
  await big.click('#index-next');
  st = await state();
  listed = await shownRows();
  check(listed.length === 100 && listed[0].id === 'big-0101' && st.page === `Page 2 of ${pages}` && st.prev,
    `Next shows questions 101 to 200 (${listed[0].id}; ${st.page})`);
  await big.type('#search', 'zebracorn');
  await big.waitForFunction(() => document.getElementById('count').dataset.shown === '1', { timeout: 5000 });
  listed = await shownRows();
  const marked = `big-${BIG_MARKED}`;
  const target = listed.length === 1 ? listed[0].href.split('#') : ['', ''];
  check(listed.length === 1 && listed[0].id === marked && target[1] === marked &&
    fs.readFileSync(path.join(bigSite, target[0]), 'utf8').includes(`id="${marked}"`),
    `search finds ${marked}, in the last data file, from page 2, and links to its page (${target[0]})`);
  await big.evaluate(() => { const s = document.getElementById('search'); s.value = ''; s.dispatchEvent(new Event('input')); });
  await big.waitForFunction((n) => document.getElementById('count').dataset.shown === String(n), { timeout: 5000 }, BIG_QUESTIONS);
  await big.select('#domain', 'Gamma');
  const gamma = Math.floor(BIG_QUESTIONS / 3);  // i % 3 === 2
  st = await state();
  listed = await shownRows();
  check(st.shown === gamma && listed.length === 100 && listed.every((r) => r.domain === 'Gamma') &&
    st.page === `Page 1 of ${Math.ceil(gamma / 100)}`, `the domain filter counts ${st.shown} of every page (${st.page})`);
  for (let i = 1; i < Math.ceil(gamma / 100); i++) await big.click('#index-next');
  st = await state();
  listed = await shownRows();
  check(listed.length === gamma - 100 * (Math.ceil(gamma / 100) - 1) && listed.every((r) => r.domain === 'Gamma') &&
    listed[listed.length - 1].id === `big-${BIG_QUESTIONS - (BIG_QUESTIONS % 3 + 1) % 3}` && !st.next,
    `the filter's last page holds its last ${listed.length} rows (${st.page})`);
  await big.close();

  // A question page: reveal, findings, keyboard.
  const bankPage = path.join(site, 'q', 'bank_json-1.html');
  const page = await open(bankPage);
  const before = await page.evaluate(() => {
    const a = document.querySelector('article.question');
    return { hidden: a.querySelector('section.answer').hidden,
      rationaleShown: getComputedStyle(a.querySelector('.rationale')).display !== 'none' };
  });
  check(before.hidden && !before.rationaleShown, 'the answer and rationales start hidden');
  await page.click('article.question button[data-toggle=answer]');
  const after = await page.evaluate(() => {
    const a = document.querySelector('article.question');
    const key = a.querySelector('li.key');
    return { hidden: a.querySelector('section.answer').hidden,
      expanded: a.querySelector('button[data-toggle=answer]').getAttribute('aria-expanded'),
      correct: a.querySelector('.correct').textContent,
      rationale: getComputedStyle(key.querySelector('.rationale')).display !== 'none',
      keyColour: getComputedStyle(key).backgroundColor };
  });
  check(!after.hidden && after.expanded === 'true' && /Correct answer: [A-Z]/.test(after.correct) &&
    after.rationale && after.keyColour !== 'rgba(0, 0, 0, 0)', `show answer reveals "${after.correct}" and the rationales`);
  const withFindings = await page.$('button[data-toggle=findings]');
  check(withFindings !== null, 'a question with findings has the findings toggle');
  if (withFindings) {
    await withFindings.click();
    const finding = await page.evaluate(() => {
      const b = document.querySelector('button[data-toggle=findings]');
      const s = document.getElementById(b.getAttribute('aria-controls'));
      const a = s.querySelector('a');
      return { hidden: s.hidden, href: a && a.getAttribute('href') };
    });
    check(!finding.hidden && /^\.\.\/rules\/[a-z-]+\.html$/.test(finding.href) &&
      fs.existsSync(path.join(site, 'q', finding.href)), `findings show, linked to ${finding.href}`);
    const article = await page.$('article.question');
    await article.screenshot({ path: path.join(shots, 'preview-question.png') });
  }
  await page.evaluate(() => { window.scrollTo(0, 0); document.activeElement.blur(); });
  await page.keyboard.press('j');
  const focused = await page.evaluate(() => {
    const all = Array.from(document.querySelectorAll('article.question'));
    return all.indexOf(document.activeElement);
  });
  check(focused === 1, `j moves to the next question (at ${focused})`);
  await page.keyboard.press('a');
  check(await page.evaluate(() => document.activeElement.classList.contains('revealed')), 'a reveals the current question');
  await page.evaluate(() => { window.scrollTo(0, 0); document.activeElement.blur(); });
  await tabReachesEveryControl(page, 'question page');
  await page.emulateMediaType('print');
  const printHidesControls = await page.evaluate(() =>
    getComputedStyle(document.querySelector('.controls-row')).display === 'none' &&
    getComputedStyle(document.querySelector('header.site')).display === 'none');
  check(printHidesControls, 'print hides the controls and the header');

  // Hostile content stays inert.
  const hostilePage = path.join(site, 'q', 'hostile_json-1.html');
  const hostile = await open(hostilePage);
  await hostile.click('article.question button[data-toggle=answer]');
  await hostile.hover('article.question li.key b');
  const inert = await hostile.evaluate(() => ({
    pwned: window.__pwned,
    scripts: document.scripts.length,
    handlers: Array.from(document.querySelectorAll('main *')).filter((e) =>
      Array.from(e.attributes).some((a) => /^on/i.test(a.name) || a.name === 'style')).length,
    javascriptLinks: Array.from(document.querySelectorAll('a[href]'))
      .filter((a) => /^\s*javascript:/i.test(a.getAttribute('href'))).length,
    dangerous: document.querySelectorAll('main iframe, main object, main svg, main form, main input, main meta, main base, main link').length,
    plain: document.querySelectorAll('article.question')[2].querySelector('.stem').textContent,
    image: (() => { const i = document.querySelector('img[alt="local diagram"]'); return i ? i.naturalWidth : -1; })(),
    remote: Array.from(document.images).filter((i) => /^https?:/.test(i.getAttribute('src'))).length,
    kept: ['kept picture', 'escaping picture'].map((alt) => {
      const i = document.querySelector(`img[alt="${alt}"]`);
      return i ? [i.naturalWidth, new URL(i.src).pathname] : null;
    }),
    scriptPicture: document.querySelectorAll('img[alt="script picture"]').length,
    scriptPictureText: document.querySelectorAll('article.question')[1].querySelector('.stem').textContent,
  }));
  check(inert.pwned === undefined && dialogs.length === 0, 'no hostile script ran, no dialog opened');
  check(inert.scripts === 1, `only the site's own script is on the page (${inert.scripts})`);
  check(inert.handlers === 0 && inert.javascriptLinks === 0 && inert.dangerous === 0,
    'no event handler, style, javascript: link, frame, form or svg survived');
  check(inert.plain.includes('<script>alert("x")</script>'), 'plain text shows <script> as text');
  check(inert.image === 16 && inert.remote === 0, 'the local image is copied and shown; the remote one is not loaded');
  const media = fs.realpathSync(path.join(site, 'media')) + path.sep;
  check(inert.kept.every((k) => k && k[0] === 16 && decodeURIComponent(k[1]).startsWith(media)),
    `pictures kept in extensions.media are shown from the site's media/ folder (${JSON.stringify(inert.kept)})`);
  check(inert.scriptPicture === 0 && inert.scriptPictureText.includes('[script picture]'),
    'a kept picture with a javascript: src shows its alt text, not an image');
  check(!fs.existsSync(path.join(site, '..', '..', 'escape.png')) &&
    !fs.existsSync(path.join(work, 'escape.png')), 'a kept picture named ../../ is not written outside the site');
  await hostile.evaluate(() => document.querySelector('article.question').scrollIntoView());
  await hostile.screenshot({ path: path.join(shots, 'preview-hostile.png') });

  // The report: charts match `qbank stats --format json`; the table sorts and filters.
  const rep = await open(report);
  const charts = await rep.evaluate(() => {
    const out = {};
    document.querySelectorAll('svg[data-chart]').forEach((svg) => {
      out[svg.dataset.chart] = Array.from(svg.querySelectorAll('rect[data-value]'))
        .map((r) => [r.dataset.label, Number(r.dataset.value)]);
    });
    return out;
  });
  for (const kp of stats.keys.positions) {
    const chart = charts[`key-positions-${kp.options}`] || [];
    check(JSON.stringify(chart.map((b) => b[1])) === JSON.stringify(kp.counts),
      `key positions of ${kp.options}-option questions match stats (${kp.counts})`);
  }
  const uniform = await rep.evaluate(() => Number(document.querySelector('svg[data-chart="key-positions-4"] line.ref').dataset.reference));
  const four = stats.keys.positions.find((p) => p.options === 4);
  check(Math.abs(uniform - four.test.n / 4) < 0.01, `the uniform line is at ${uniform}`);
  const byRule = Object.fromEntries((charts['findings-by-rule'] || []));
  check(stats.findings_by_rule.length > 0 && stats.findings_by_rule.every((r) => byRule[r.name] === r.count) &&
    Object.keys(byRule).length === stats.findings_by_rule.length, 'findings per rule match stats');
  for (const field of ['stem', 'option', 'explanation', 'rationale']) {
    const chart = (charts[`length-${field}`] || []).map((b) => b[1]);
    check(JSON.stringify(chart) === JSON.stringify(stats.length_words[field].bins.map((b) => b.count)),
      `${field} length histogram matches stats`);
  }
  await rep.screenshot({ path: path.join(shots, 'report-charts.png') });
  const rows = await rep.evaluate(() => document.querySelectorAll('#findings tbody tr').length);
  const total = stats.findings_by_rule.reduce((s, r) => s + r.count, 0);
  check(rows === total, `the table has every finding (${rows})`);
  await rep.select('#f-severity', 'error');
  const severities = await rep.evaluate(() => Array.from(document.querySelectorAll('#findings tbody tr'))
    .filter((r) => !r.hidden).map((r) => r.dataset.severity));
  check(severities.length > 0 && severities.length < rows && severities.every((s) => s === 'error'),
    `severity filter shows ${severities.length} errors`);
  await rep.select('#f-severity', '');
  await rep.click('#findings thead th:nth-child(2) button');
  const ruleOrder = await rep.evaluate(() => Array.from(document.querySelectorAll('#findings tbody tr'))
    .map((r) => r.dataset.rule));
  const sorted = [...ruleOrder].sort((a, b) => a.localeCompare(b));
  check(JSON.stringify(ruleOrder) === JSON.stringify(sorted), 'sorting by rule orders the rows');
  await rep.click('#findings thead th:nth-child(2) button');
  const reversed = await rep.evaluate(() => Array.from(document.querySelectorAll('#findings tbody tr'))
    .map((r) => r.dataset.rule));
  check(JSON.stringify(reversed) === JSON.stringify([...sorted].reverse()), 'a second click reverses it');
  const link = await rep.evaluate(() => {
    const a = document.querySelector('#findings tbody a[href*="/q/"]');
    return a && a.getAttribute('href');
  });
  check(link !== null && fs.existsSync(link.split('#')[0]), `findings link to their preview page (${link})`);
  await rep.evaluate(() => document.getElementById('findings-title').scrollIntoView());
  await rep.screenshot({ path: path.join(shots, 'report-findings.png') });
  await rep.evaluate(() => { window.scrollTo(0, 0); document.activeElement.blur(); });
  await tabReachesEveryControl(rep, 'report');

  const rulePage = await open(path.join(site, 'rules', 'key-balance.html'));
  check(await rulePage.evaluate(() => document.querySelector('main h1') !== null), 'the rule page is rendered');

  check(requests.length === 0, `no network request (${requests.slice(0, 3).join(', ')})`);
  check(consoleErrors.length === 0, `no console error (${consoleErrors.slice(0, 3).join('; ')})`);
  await browser.close();
  if (failures.length > 0) {
    console.log(`${failures.length} browser check(s) failed`);
    process.exit(1);
  }
  console.log('every browser check passed');
}

main().catch((e) => {
  console.log(`FAIL ${e.stack || e}`);
  process.exit(1);
});
