import Foundation

/// What a reader sees on a page, measured in the browser after DocC's script has drawn it:
/// the title, the pictures, where the links to other pages are, and which code listings are
/// wider than their box.
struct ReaderView: Decodable {
    /// A code listing whose text is wider than the box that shows it.
    struct CutOffListing: Decodable {
        /// Its longest line, shortened, to name it.
        var line: String
        /// The width of its text and of its box, in CSS pixels.
        var scrollWidth: Int
        var clientWidth: Int
    }

    var title: String
    /// How many pictures (`img` elements) the page's text shows.
    var images: Int
    var cutOff: [CutOffListing]
    /// The page's text in order, reduced to `h2:TEXT` for a section heading and
    /// `nav:HREF HREF …` for a paragraph made only of links to other pages of the book.
    var outline: [String]
    var viewportWidth: Int

    /// The JavaScript that measures the page once DocC has rendered its text.
    static let script = """
        (function () {
          function measure() {
            var content = document.querySelector('.doc-content') || document.body;
            var h1 = document.querySelector('h1');
            var cut = [];
            content.querySelectorAll('pre').forEach(function (pre) {
              var box = pre.parentElement;
              var over = [pre, box].some(function (e) { return e.scrollWidth > e.clientWidth + 1; });
              if (!over) return;
              var longest = pre.textContent.split('\\n')
                .reduce(function (a, b) { return b.length > a.length ? b : a; }, '');
              cut.push({ line: longest.trim().slice(0, 60), scrollWidth: pre.scrollWidth,
                         clientWidth: Math.min(pre.clientWidth, box.clientWidth) });
            });
            var outline = [];
            content.querySelectorAll('h2, p').forEach(function (e) {
              if (e.tagName === 'H2') { outline.push('h2:' + e.textContent.trim()); return; }
              var links = e.querySelectorAll('a[href]');
              var text = e.textContent.replace(/[·\\s]/g, '');
              var linked = Array.prototype.map.call(links, function (a) {
                return a.textContent.replace(/[·\\s]/g, ''); }).join('');
              if (links.length > 0 && text === linked) {
                outline.push('nav:' + Array.prototype.map.call(links, function (a) {
                  return a.getAttribute('href'); }).join(' '));
              }
            });
            var report = document.createElement('script');
            report.type = 'application/json';
            report.id = 'site-check-report';
            report.textContent = JSON.stringify({
              title: h1 ? h1.textContent.trim() : '',
              images: content.querySelectorAll('img').length,
              cutOff: cut, outline: outline, viewportWidth: window.innerWidth });
            document.body.appendChild(report);
          }
          var tries = 0;
          function wait() {
            tries += 1;
            if (document.querySelector('.doc-content h1, .doc-content p') || tries > 40) {
              setTimeout(measure, 1000);
            } else {
              setTimeout(wait, 250);
            }
          }
          window.addEventListener('load', wait);
        })();
        """

    /// The measurements in `html`, a page `--dump-dom` printed, if the script wrote them.
    init?(html: String) {
        guard let start = html.range(of: "id=\"site-check-report\""),
            let open = html[start.upperBound...].firstIndex(of: ">"),
            let close = html.range(of: "</script>", range: open..<html.endIndex)
        else { return nil }
        // A script element's text is not escaped in the DOM, so `<S: Subscriber>` stays as it is.
        let json = String(html[html.index(after: open)..<close.lowerBound])
        guard
            let view = try? JSONDecoder().decode(
                ReaderView.self, from: Data(json.utf8))
        else {
            return nil
        }
        self = view
    }
}
