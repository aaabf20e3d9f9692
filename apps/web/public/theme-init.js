// Runs before the first paint: applies the colour scheme Mantine remembered, so a reload never flashes.
(function () {
  var scheme = 'light';
  try {
    var saved = window.localStorage.getItem('mantine-color-scheme-value');
    if (saved === 'light' || saved === 'dark') scheme = saved;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch (e) {
    // storage unavailable: keep light
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
