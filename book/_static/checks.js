// The page script of the book. Once the page has loaded and MathJax has typeset it, it
//  1. lays out each code block's lines (code.js-lines below), and
//  2. records what the browser test (tests/test_site.py) reads back: whether every image decoded,
//     how much mathematics is left untypeset or as raw TeX on screen, stray emphasis markers,
//     mathematics, tables and figures that run past their column, and code lines wider than
//     the block that shows them. `window.bookChecks()` measures again (the test calls it after
//     switching the page to print media); the counts are also written to <body data-…>.
(function () {
  "use strict";

  // Each line of a code block or output in a <span class="line">, so that a line too long for
  // the column wraps with its continuation indented under the line's own indentation (wrap.css:
  // outputs on screen and in print, code in print), not at column 0. Pygments and the ANSI
  // renderer write flat <span>s of text; a token that spans lines (a docstring) is cut in two.
  function layOutCodeLines() {
    document.querySelectorAll("div.highlight pre").forEach(function (pre) {
      if (pre.dataset.lines === "split") return;
      var lines = [[]];
      Array.prototype.slice.call(pre.childNodes).forEach(function (node) {
        node.textContent.split("\n").forEach(function (part, i) {
          if (i > 0) lines.push([]);
          if (part === "") return;
          var piece = node.nodeType === 3 ? document.createTextNode(part) : node.cloneNode(false);
          if (node.nodeType !== 3) piece.textContent = part;
          lines[lines.length - 1].push(piece);
        });
      });
      if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
      pre.textContent = "";
      lines.forEach(function (pieces) {
        var line = document.createElement("span");
        line.className = "line";
        pieces.forEach(function (piece) { line.appendChild(piece); });
        var indent = /^ */.exec(line.textContent)[0].length;
        line.style.setProperty("--hang", indent + 4 + "ch");
        pre.appendChild(line);
      });
      pre.dataset.lines = "split";
    });
  }

  // The box an element must stay inside: a margin note or sidebar, else the article column.
  function column(el) {
    return el.closest("aside.margin, aside.sidebar, article.bd-article, main, body");
  }

  function contentBox(el) {
    var r = el.getBoundingClientRect(), s = getComputedStyle(el);
    var left = r.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft);
    var right = r.right - parseFloat(s.borderRightWidth) - parseFloat(s.paddingRight);
    return {left: left, right: right, width: right - left};
  }

  function describe(el) {
    var text = (el.getAttribute("data-tex") || el.textContent || "").replace(/\s+/g, " ");
    var section = el.closest("section");
    return (section ? "#" + section.id + ": " : "") + text.slice(0, 80);
  }

  // Elements whose full width (what scrolling would reveal) runs past their column.
  function overflowing(selector, measure) {
    var found = [];
    document.querySelectorAll(selector).forEach(function (el) {
      if (!el.getClientRects().length) return;  // not displayed
      var col = contentBox(column(el)), box = measure(el);
      var excess = Math.max(box.right - col.right, col.left - box.left);
      if (excess > 1) found.push({what: describe(el), px: Math.round(excess)});
    });
    return found;
  }

  function mathBox(container) {
    var math = container.querySelector("mjx-math") || container;
    return math.getBoundingClientRect();
  }

  function tableBox(table) {
    var r = table.getBoundingClientRect();
    return {left: r.left, right: r.left + Math.max(r.width, table.scrollWidth)};
  }

  // TeX that reached the screen as text: a control word (\frac, \le, \Sigma), an escaped
  // symbol (\{, \|, \,), a sub- or superscript in braces (x_{k+1}, e^{-t}), or a dollar sign.
  var RAW_TEX = /\\[A-Za-z]+|\\[{}|,;!#%&_^]|[_^]\{|\$/g;

  function rawTex() {
    var root = document.querySelector("article") || document.body, found = [];
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        var skip = node.parentElement.closest(
          "pre, code, script, style, mjx-container, .MathJax, textarea, [hidden]");
        return skip ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    while (walker.nextNode()) {
      var node = walker.currentNode, hits = node.textContent.match(RAW_TEX);
      if (hits && node.parentElement.getClientRects().length) {
        found.push({what: describe(node.parentElement), tex: hits.join(" ")});
      }
    }
    return found;
  }

  // Lines of code and output wider than the block that shows them. A code line is "wide" when
  // its end lies beyond the block's visible right edge (out of sight until the block is
  // scrolled); any line is "wrapped" when a continuation starts at the block's left edge
  // (column 0) rather than indented under the line.
  function codeLines() {
    var wide = [], wrapped = [], total = 0;
    document.querySelectorAll("article div.highlight pre").forEach(function (pre) {
      if (!pre.getClientRects().length) return;
      var box = contentBox(pre), output = !!pre.closest("div.cell_output, div.output");
      var scrolls = /auto|scroll/.test(getComputedStyle(pre).overflowX);
      var listing = !!pre.closest(".tag_listing");
      pre.querySelectorAll("span.line").forEach(function (line) {
        var range = document.createRange();
        range.selectNodeContents(line);
        var rects = Array.prototype.filter.call(range.getClientRects(), function (r) {
          return r.width > 0;
        });
        if (!rects.length) return;
        if (!output) total += 1;
        var right = Math.max.apply(null, rects.map(function (r) { return r.right; }));
        var top = Math.round(rects[0].top);
        var later = rects.filter(function (r) { return Math.round(r.top) > top + 1; });
        var text = line.textContent.slice(0, 60);
        if (!output && right > box.right + 1) {
          wide.push({what: text, px: Math.round(right - box.right), scrolls: scrolls,
                     listing: listing});
        }
        if (later.length && Math.min.apply(null, later.map(function (r) { return r.left; })) <=
            box.left + 1) {
          wrapped.push({what: text});
        }
      });
    });
    return {total: total, wide: wide, wrapped: wrapped};
  }

  // Output lines (<pre> of a cell's output) clipped at the column's edge.
  function clippedOutput() {
    return Array.prototype.filter.call(document.querySelectorAll("main pre"), function (pre) {
      return !pre.closest("div.highlight") && pre.scrollWidth > pre.clientWidth + 1;
    }).map(function (pre) { return {what: describe(pre)}; });
  }

  // Emphasis that Markdown made of a star or underscore meant literally ("μ̂*, f*"): literal
  // "**" left on screen, or an <em>/<strong> that opens inside a word.
  function strayEmphasis() {
    var copy = (document.querySelector("main") || document.body).cloneNode(true);
    copy.querySelectorAll("pre, code, script, mjx-container").forEach(function (n) { n.remove(); });
    var stars = copy.textContent.match(/\*\*/g);
    var intraword = Array.prototype.filter.call(copy.querySelectorAll("em, strong"), function (e) {
      var before = e.previousSibling;
      return before && before.nodeType === 3 && /[\p{L}\p{M}\p{N}]$/u.test(before.textContent);
    });
    return (stars ? stars.length : 0) + intraword.length;
  }

  // The page's chrome that a printed page must not show.
  var CHROME = ".bd-sidebar-primary, .bd-sidebar-secondary, .bd-header, .bd-header-article, " +
               ".prev-next-area, .bd-footer, .bd-footer-article, .bd-footer-content";

  function visibleChrome() {
    return Array.prototype.filter.call(document.querySelectorAll(CHROME), function (el) {
      var r = el.getBoundingClientRect();
      return getComputedStyle(el).display !== "none" && r.width > 0 && r.height > 0;
    }).map(function (el) { return el.className; });
  }

  function measure() {
    var maths = Array.prototype.slice.call(document.querySelectorAll(".math"));
    var images = Array.prototype.slice.call(document.images);
    var code = codeLines(), article = document.querySelector("article");
    return {
      imagesOk: images.every(function (img) { return img.complete && img.naturalWidth > 0; }),
      imageCount: images.length,
      mathCount: maths.length,
      mathUntypeset: maths.filter(function (m) { return !m.querySelector("mjx-container"); }).length,
      rawTex: rawTex(),
      strayEmphasis: strayEmphasis(),
      clippedLines: clippedOutput(),
      wideMath: overflowing("article mjx-container", mathBox),
      wideTables: overflowing("article table", tableBox),
      wideFigures: overflowing("article img", function (img) { return img.getBoundingClientRect(); }),
      codeLines: code.total,
      wideCode: code.wide,
      hiddenCode: code.wide.filter(function (line) { return !line.scrolls; }),
      wideListing: code.wide.filter(function (line) { return line.listing; }),
      wrappedCode: code.wrapped,
      chrome: visibleChrome(),
      articleWidth: article ? Math.round(contentBox(article).width) : 0,
      pageWidth: document.documentElement.clientWidth,
      pageHeight: Math.round(document.documentElement.scrollHeight)
    };
  }

  function record() {
    var m = measure(), body = document.body;
    Object.keys(m).forEach(function (key) {
      var value = m[key];
      body.dataset[key] = String(Array.isArray(value) ? value.length : value);
    });
    body.dataset.checked = "true";
    return m;
  }

  window.bookChecks = record;

  // Each display's width in em and its font size, as MathJax set it on screen: the print style
  // (wrap.css) sets a display wider than the printed line smaller, to fit it. A display in a
  // closed fold (which print opens) is measured with its fold opened for the moment, closed
  // again before the page is painted.
  function recordNaturalWidths() {
    var closed = Array.prototype.filter.call(document.querySelectorAll("details"), function (d) {
      return !d.open;
    });
    closed.forEach(function (d) { d.open = true; });
    document.querySelectorAll('div.math mjx-container[display="true"]').forEach(function (c) {
      var math = c.querySelector("mjx-math");
      if (!math || !c.getClientRects().length) return;
      var size = parseFloat(getComputedStyle(c).fontSize);
      var width = Math.max(math.getBoundingClientRect().width, math.scrollWidth);
      c.style.setProperty("--natural-size", size + "px");
      c.style.setProperty("--natural-em", (width / size).toFixed(3));
    });
    closed.forEach(function (d) { d.open = false; });
  }

  // A verdict's detail is folded behind its one-line answer (<details class="verdict">), and an
  // aside of the prose behind its title (<details class="aside">), on screen; on paper every
  // detail is shown.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details.verdict, details.aside").forEach(function (d) {
      d.open = true;
    });
  });

  window.addEventListener("load", function () {
    layOutCodeLines();
    if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
      MathJax.startup.promise.then(function () {
        // Keep each formula's TeX on its container, to name it in a report.
        for (var item of MathJax.startup.document.math) {
          if (item.typesetRoot) item.typesetRoot.setAttribute("data-tex", item.math);
        }
        recordNaturalWidths();
        record();
      });
    } else {
      document.body.dataset.mathjax = "missing";
      recordNaturalWidths();
      record();
    }
  });
})();
