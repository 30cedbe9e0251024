// bookalign report: sorting on the index page; the alignment viewer on a
// book page. No framework, no network.
(function () {
  'use strict';

  if (document.body.classList.contains('index-page')) {
    initIndex();
  } else if (document.body.classList.contains('book-page')) {
    initBook();
  }

  // initIndex makes the books table sortable by any column.
  function initIndex() {
    var table = document.getElementById('books');
    if (!table) return;
    var body = table.tBodies[0];
    var buttons = table.querySelectorAll('button[data-sort]');
    buttons.forEach(function (b) {
      b.addEventListener('click', function () {
        var col = Number(b.dataset.sort);
        var numeric = b.dataset.type === 'number';
        // Numbers sort best first; a second click reverses.
        var asc = b.getAttribute('aria-sort') ? b.getAttribute('aria-sort') === 'descending' : !numeric;
        buttons.forEach(function (o) { o.removeAttribute('aria-sort'); });
        b.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (x, y) {
          var a = x.cells[col], c = y.cells[col];
          var d = numeric ? Number(a.dataset.value) - Number(c.dataset.value)
            : a.textContent.localeCompare(c.textContent);
          return asc ? d : -d;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  }

  // initBook wires the summary sentences, the book text and the minimap.
  function initBook() {
    var data = JSON.parse(document.getElementById('page-data').textContent);
    var book = document.getElementById('book');
    // The book text is cut into blocks; starts[i] is the offset in the
    // whole text of block i's text node.
    var nodes = [], starts = [], total = 0;
    Array.prototype.forEach.call(book.children, function (chunk) {
      chunk.normalize(); // the HTML parser may split a long text into several nodes
      var node = chunk.firstChild || chunk.appendChild(document.createTextNode(''));
      nodes.push(node);
      starts.push(total);
      total += node.length;
    });
    if (nodes.length === 0) {
      nodes.push(book.appendChild(document.createTextNode('')));
      starts.push(0);
    }
    var sentences = Array.prototype.slice.call(document.querySelectorAll('#sentences .sentence'));
    var canHighlight = !!(window.CSS && CSS.highlights && typeof Highlight === 'function');
    var current = -1;

    // locate returns the text node and offset in it of an offset of the
    // whole text; an end offset at a block boundary stays in the block
    // before it.
    function locate(offset, isEnd) {
      var lo = 0, hi = starts.length - 1;
      while (lo < hi) {
        var mid = (lo + hi + 1) >> 1;
        if (starts[mid] < offset || (!isEnd && starts[mid] === offset)) lo = mid; else hi = mid - 1;
      }
      return [nodes[lo], Math.min(Math.max(offset - starts[lo], 0), nodes[lo].length)];
    }

    function range(span) {
      var r = document.createRange();
      var s = locate(span[0], false), e = locate(span[1], true);
      r.setStart(s[0], s[1]);
      r.setEnd(e[0], e[1]);
      return r;
    }

    // scrollTo brings the start of a span to a quarter of the book's height.
    function scrollTo(span) {
      var rect = range([span[0], Math.min(span[1], span[0] + 1)]).getBoundingClientRect();
      var box = book.getBoundingClientRect();
      book.scrollTop += rect.top - box.top - box.height / 4;
    }

    // select makes summary sentence k current: each aligner's passage is
    // highlighted, and the book scrolls to the passage of the aligner at
    // index mi, or of the first aligner that aligned the sentence.
    function select(k, mi) {
      if (k < 0 || k >= sentences.length) return;
      current = k;
      sentences.forEach(function (s, i) { s.setAttribute('aria-current', i === k ? 'true' : 'false'); });
      document.querySelectorAll('.minimap .mark').forEach(function (m) {
        m.classList.toggle('active', Number(m.dataset.sentence) === k);
      });
      var spans = data.align[k] || [];
      var target = null;
      data.aligners.forEach(function (m, i) {
        var span = spans[i];
        if (canHighlight) {
          if (span) CSS.highlights.set('align-' + m, new Highlight(range(span)));
          else CSS.highlights.delete('align-' + m);
        }
        if (span && (i === mi || (target === null && mi === undefined))) target = span;
      });
      if (!target) spans.forEach(function (s) { if (s && !target) target = s; });
      if (target) {
        scrollTo(target);
        if (!canHighlight) {
          var sel = window.getSelection();
          sel.removeAllRanges();
          sel.addRange(range(target));
        }
      }
      sentences[k].scrollIntoView({ block: 'nearest' });
    }

    sentences.forEach(function (s, k) {
      s.addEventListener('click', function () { select(k); });
      s.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); select(k); }
      });
      s.querySelectorAll('button.verdict').forEach(function (b) {
        b.addEventListener('click', function (e) {
          e.stopPropagation();
          select(k, data.aligners.indexOf(b.dataset.method));
        });
      });
    });

    document.addEventListener('keydown', function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var tag = e.target.tagName;
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      var step = 0;
      if (e.key === 'j' || e.key === 'ArrowDown') step = 1;
      if (e.key === 'k' || e.key === 'ArrowUp') step = -1;
      if (!step || sentences.length === 0) return;
      e.preventDefault();
      var k = Math.min(Math.max(current + step, 0), sentences.length - 1);
      select(k);
      sentences[k].focus({ preventScroll: true });
    });

    document.querySelectorAll('.pick-toggle').forEach(function (box) {
      box.addEventListener('change', function () {
        if (!canHighlight) return;
        var name = 'pick-' + box.value;
        if (!box.checked) { CSS.highlights.delete(name); return; }
        var h = new Highlight();
        (data.picked[box.value] || []).forEach(function (span) { h.add(range(span)); });
        CSS.highlights.set(name, h);
      });
    });

    document.querySelectorAll('.minimap .lane').forEach(function (lane) {
      var mi = data.aligners.indexOf(lane.dataset.method);
      lane.addEventListener('click', function (e) {
        var mark = e.target.closest('.mark');
        if (mark) { select(Number(mark.dataset.sentence), mi < 0 ? undefined : mi); return; }
        var area = e.target.closest('.lane-book');
        if (!area) return;
        var box = area.getBoundingClientRect();
        var at = Math.round(data.length * (e.clientY - box.top) / box.height);
        scrollTo([Math.min(Math.max(at, 0), Math.max(data.length - 1, 0)), data.length]);
      });
    });

    // The viewport boxes in the minimap follow the book's scrolling.
    var views = document.querySelectorAll('.minimap .viewport');
    function showViewport() {
      var h = book.scrollHeight || 1;
      var top = 100 * book.scrollTop / h, height = 100 * book.clientHeight / h;
      views.forEach(function (v) { v.style.top = top + '%'; v.style.height = height + '%'; });
    }
    book.addEventListener('scroll', showViewport, { passive: true });
    showViewport();
  }
})();
