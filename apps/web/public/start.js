// Runs before the first paint, in every page (index.html), as it is written here: the build only minifies it
// (build/start-script.ts). No inline script: the CSP is strict.
(function () {
  var root = document.documentElement;
  var SCHEME = 'data-mantine-color-scheme';
  // The key Mantine's colour scheme manager keeps the visitor's choice under (src/theme/index.ts).
  var SCHEME_KEY = 'mantine-color-scheme-value';

  // 1. The remembered colour scheme, applied before the first paint, so a reload never flashes.
  var scheme = 'light';
  try {
    var saved = localStorage.getItem(SCHEME_KEY);
    if (saved === 'light' || saved === 'dark') scheme = saved;
    else if (matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch (e) {
    // storage unavailable: keep light
  }
  root.setAttribute(SCHEME, scheme);

  // 2. A page the build drew (build/prerender.ts) names its modules here rather than loading them itself: the
  //    entry first, then the files it imports. They are started once the page's content is painted, so that
  //    they never hold its first paint back (issue #18, ADR 012).
  var modules = document.currentScript.getAttribute('data-modules');
  if (!modules) return;

  // Until React has the page, what the visitor does is kept, not lost. The theme toggle works at once; a click
  // on a control, or a form sent, is held and done again once the app says the page is live
  // (src/lib/page-live.ts), in order. Links are followed as links meanwhile, and what is typed stays in the
  // fields, where the forms read it (src/features/auth/use-typed-before-hydration.ts).
  var live = false;
  var held = [];
  var hold = function (event) {
    var target = event.target;
    if (live || !(target instanceof Element)) return;
    var control = event.type === 'submit' ? target : target.closest('button, [role="button"], input');
    if (!control || (control instanceof HTMLInputElement && !/^(checkbox|radio|submit)$/.test(control.type)))
      return;
    event.preventDefault();
    if (!control.hasAttribute('data-color-scheme-toggle')) return held.push(control);
    var next = root.getAttribute(SCHEME) === 'dark' ? 'light' : 'dark';
    root.setAttribute(SCHEME, next);
    try {
      localStorage.setItem(SCHEME_KEY, next);
    } catch (e) {
      // storage unavailable: this page only
    }
  };
  addEventListener('click', hold, true);
  addEventListener('submit', hold, true);
  document.addEventListener('proxydesk:live', function () {
    live = true;
    // After React's own effects: each held action reaches its handlers.
    setTimeout(function () {
      held.forEach(function (control) {
        if (control.isConnected)
          control instanceof HTMLFormElement ? control.requestSubmit() : control.click();
      });
    });
  });

  var start = function () {
    if (!modules) return;
    modules.split(' ').forEach(function (url, index) {
      var element = document.createElement(index ? 'link' : 'script');
      if (index) {
        element.rel = 'modulepreload';
        element.href = url;
      } else {
        element.type = 'module';
        element.src = url;
        // Without the app, the page's controls act as plain HTML again rather than wait for it.
        element.onerror = function () {
          live = true;
        };
      }
      element.crossOrigin = '';
      document.head.appendChild(element);
    });
    modules = '';
  };
  // At once in a tab that is not shown (frames wait there) or in a browser that reports no paints.
  if (document.hidden || PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) start();
  else
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        setTimeout(start);
      }
    }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start);
})();
