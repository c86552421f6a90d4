// Records, once the page has loaded and MathJax has typeset it, what the browser test reads back:
// whether every image decoded, how much mathematics is left as raw TeX on screen, and how many
// stray emphasis markers Markdown left.
window.addEventListener("load", function () {
  var body = document.body;
  var images = Array.prototype.slice.call(document.images);
  body.dataset.imagesOk = String(images.every(function (img) {
    return img.complete && img.naturalWidth > 0;
  }));
  body.dataset.imageCount = String(images.length);
  function check() {
    var maths = Array.prototype.slice.call(document.querySelectorAll(".math"));
    body.dataset.mathCount = String(maths.length);
    body.dataset.mathUntypeset = String(maths.filter(function (m) {
      return !m.querySelector("mjx-container");
    }).length);
    var copy = document.querySelector("main") ? document.querySelector("main").cloneNode(true)
                                              : body.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll("pre, code, script, mjx-container"),
                                 function (node) { node.remove(); });
    var raw = copy.textContent.match(/\\\(|\\\[|\$\$|\$\\[A-Za-z]|\\(?:frac|mathbb|operatorname|Sigma|alpha)\b/g);
    body.dataset.rawTex = String(raw ? raw.length : 0);
    // Emphasis that Markdown made of a star or underscore meant literally ("μ̂*, f*"): literal
    // "**" left on screen, or an <em>/<strong> that opens inside a word.
    var stars = copy.textContent.match(/\*\*/g);
    var intraword = Array.prototype.filter.call(copy.querySelectorAll("em, strong"), function (e) {
      var before = e.previousSibling;
      return before && before.nodeType === 3 && /[\p{L}\p{M}\p{N}]$/u.test(before.textContent);
    });
    body.dataset.strayEmphasis = String((stars ? stars.length : 0) + intraword.length);
    // Code and output lines clipped at the column's edge (a <pre> wider than its box).
    body.dataset.clippedLines = String(Array.prototype.filter.call(
      document.querySelectorAll("main pre"), function (pre) {
        return pre.scrollWidth > pre.clientWidth + 1;
      }).length);
    body.dataset.checked = "true";
  }
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
    MathJax.startup.promise.then(check);
  } else {
    body.dataset.mathjax = "missing";
    check();
  }
});
