import BookKit
import Foundation

/// Serves the built site on 127.0.0.1 and has headless Chromium open the root and every
/// numbered page in a 1280 by 1000 pixel frame, where a script waits for DocC to draw the
/// text and checks what a reader sees against what the page's Markdown says.
struct SiteCheck {
    var site: URL
    var book: Book
    /// The path the site was built for (`--hosting-base-path`), without slashes; may be empty.
    var basePath: String

    /// Prints one line per problem, naming the page, and returns whether there were none.
    func run() throws -> Bool {
        let prefix = basePath.isEmpty ? "/" : "/\(basePath)/"
        let slugs = book.pages.map { $0.slug.lowercased() }
        let pages = book.pages.enumerated().map {
            index, page -> [String: Any] in
            var swift = 0
            for case .fence(let block) in page.items where block.isSwift {
                swift += 1
            }
            let url =
                index == 0 ? "" : "documentation/minicombine/\(slugs[index])"
            return [
                "url": prefix + url, "slug": slugs[index], "title": page.title,
                "chapter": index > 0, "swift": swift,
                "pictures": page.prose.joined(separator: "\n")
                    .components(separatedBy: "![").count - 1,
                "sections": page.headings.filter { $0.level == 2 }.map {
                    plainText($0.text)
                },
                "neighbours": [index - 1, index + 1].filter {
                    $0 > 0 && $0 < slugs.count
                }
                .map { slugs[$0] },
            ]
        }
        let data = try JSONSerialization.data(withJSONObject: [
            "pages": pages, "chapters": Array(slugs.dropFirst()),
        ])
        let checker =
            "<!DOCTYPE html><meta charset=\"utf-8\"><body><script>const book = "
            + String(decoding: data, as: UTF8.self) + ";" + Self.script
            + "</script>"
        let result = ProcessRunner.run(
            "python3",
            [
                "-c", Self.server, site.path, prefix, checker, "--headless",
                "--no-sandbox",
                "--disable-gpu", "--hide-scrollbars", "--window-size=1280,1000",
                "--virtual-time-budget=\(pages.count * 40_000)", "--dump-dom",
            ], timeout: Double(pages.count) * 60)
        // The script's report: how many pages it checked, then one line per problem.
        guard
            let json = result.standardOutput.firstMatch(
                of: /id="report">(.*?)<\/script>/),
            let report = try? JSONDecoder().decode(
                [String].self, from: Data(json.1.utf8)),
            let count = report.first
        else {
            throw SiteError(
                "the pages were not checked (this needs python3 and Chromium): "
                    + result.failureReason(program: "Chromium"))
        }
        let problems = report.dropFirst()
        for problem in problems { print("site check: FAIL \(problem)") }
        let verdict = problems.isEmpty ? "OK" : "\(problems.count) problem(s)"
        print(
            "site check: \(verdict) (\(count) pages rendered in headless Chromium)"
        )
        return problems.isEmpty
    }

    /// Serves the site (`argv[1]`) at the base path (`argv[2]`) and the checking page
    /// (`argv[3]`) at `/check.html`, and prints what Chromium (`argv[4...]`) makes of it.
    private static let server = #"""
        import functools, http.server, os, shutil, subprocess, sys, threading
        site, base, page = sys.argv[1:4]
        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args): pass
            def translate_path(self, path):  # the site answers at /BASE/ only
                return super().translate_path(path[len(base) - 1:] if path.startswith(base) else "/-")
            def do_GET(self):
                if self.path != "/check.html": return super().do_GET()
                self.send_response(200)
                self.end_headers()
                self.wfile.write(page.encode())
        chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
        if not chromium:
            sys.exit("Chromium is needed to check the site and was not found; install it "
                     "(apt-get install chromium) or set CHROMIUM=/path/to/chrome")
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=site))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = "http://127.0.0.1:%d/check.html" % server.server_address[1]
        sys.exit(subprocess.run([chromium, *sys.argv[4:], url], stderr=subprocess.DEVNULL).returncode)
        """#

    /// Opens each of `book.pages` in turn in a frame, checks it once DocC has drawn its text,
    /// and writes the number of pages and the problems as JSON into `#report`.
    private static let script = #"""
        const look = url => new Promise(done => {
          const frame = document.body.appendChild(document.createElement('iframe'));
          frame.style.cssText = 'width: 1280px; height: 1000px';
          frame.src = url;
          const wait = tries => frame.contentDocument?.querySelector('h1.title, .doc-content p')
            || !tries ? setTimeout(() => done(frame), 1000) : setTimeout(() => wait(tries - 1), 250);
          wait(40);
        });
        function check(page, frame) {
          const d = frame.contentDocument, c = d.querySelector('.doc-content') || d.body;
          const text = e => e ? e.textContent.replace(/\s+/g, ' ').trim() : '';
          const all = (selector, e = c) => [...e.querySelectorAll(selector)];
          const links = e => all('a[href]', e).map(a => a.getAttribute('href'));
          const h1 = d.querySelector('h1.title'), problems = [];
          if (!d.getElementById('app')) return ['is not a page of the site: ' + text(d.body)];
          if (/can.t be found/.test(text(d.body))) return ["says the page can't be found"];
          if (!h1) return ['renders empty: no title after its script ran'];
          const expect = (what, shown, markdown) => {
            [shown, markdown] = [JSON.stringify(shown), JSON.stringify(markdown)];
            if (shown !== markdown) problems.push(`shows ${shown} ${what}; its Markdown has ${markdown}`);
          };
          // DocC sets quotes and apostrophes as curly ones.
          const plain = e => text(e).replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
          expect('as the title', plain(h1), page.title);
          expect('pictures', all('img').length, page.pictures);
          const sections = all('h2').map(plain).filter(h => page.sections.includes(h));
          expect('as the sections', sections, page.sections);
          for (const pre of all('pre').filter(pre => [pre, pre.parentElement].some(
              e => e.scrollWidth > e.clientWidth + 1))) {
            const line = pre.textContent.split('\n').reduce((a, b) => b.length > a.length ? b : a);
            problems.push(`a listing is wider than its box at ${frame.contentWindow.innerWidth} px`
              + ` (${pre.scrollWidth} px of text in ${pre.parentElement.clientWidth} px):`
              + ` "${line.trim().slice(0, 60)}"`);
          }
          const prose = e => [...e.childNodes].map(n =>
            n.nodeType === 3 ? n.nodeValue : n.nodeName === 'CODE' ? '' : prose(n)).join('');
          const raw = /.{0,30}(<!--|-->|```|\]\(|@[A-Z][A-Za-z]+ *[({]).{0,30}/g;
          for (const leak of all('p, li, h2, h3, td').map(prose).join('\n').match(raw) || []) {
            problems.push(`shows markup as text: "${leak}"`);
          }
          if (!page.chapter) return problems;
          const bare = e => e.textContent.replace(/[·\s]/g, '');
          const isNavigation = e => e.tagName === 'P' && links(e).length > 0
            && bare(e) === all('a[href]', e).map(bare).join('')
            && page.neighbours.every(slug => links(e).some(href => href.endsWith('/' + slug)));
          const outline = all('h2, p').filter(e => text(e) !== 'Read on')
            .map(e => e.tagName === 'H2' ? 'h' : isNavigation(e) ? 'n' : 'p').join('');
          for (const [place, pattern] of [['above its first', /^[^h]*n/], ['after its last', /n[^h]*$/]]) {
            if (!pattern.test(outline)) {
              problems.push(`has no links to the previous and next page ${place} section`);
            }
          }
          const swift = all('.code-listing[data-syntax="swift"]');
          expect('Swift code blocks', swift.length, page.swift);
          const unlit = swift.filter(e => !e.querySelector('[class^="syntax-"]')).length;
          if (unlit) problems.push(`${unlit} Swift code block(s) are not highlighted`);
          // A page with Swift listings names the library's types; a page such as Sources need not.
          const api = links().filter(href => !book.chapters.includes(
            href.match(/\/documentation\/minicombine\/([^\/#]+)[^#]*$/)?.[1] ?? book.chapters[0]));
          if (page.swift && !api.length) problems.push('links to no API page');
          return problems;
        }
        (async () => {
          const report = [book.pages.length];
          for (const page of book.pages) {
            const frame = await look(page.url);
            report.push(...check(page, frame).map(problem => `${page.url}: ${problem}`));
            frame.remove();
          }
          const element = document.body.appendChild(document.createElement('script'));
          [element.type, element.id] = ['application/json', 'report'];
          element.textContent = JSON.stringify(report.map(String)).replace(/</g, '\\u003c');
        })();
        """#
}
