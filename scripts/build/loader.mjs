// The one inline script of the prerendered pages. The deployed Content-Security-Policy allows it
// by its SHA-256, computed from the built pages at deploy time (scripts/deploy/deploy.mjs, csp.mjs).
//
// The entry script is requested only after the prerendered page has painted: it sits inert in a
// <template> (where bundle-size.mjs still counts it as first-load JavaScript) and a small loader
// appends it once the page has loaded, painted (a frame has passed) and the browser is idle (at
// most 1 s later), or at once on the first pointer, touch or key press. A button pressed before
// React has hydrated is remembered (window.__earlyClick) and clicked again after hydration
// (src/ui/early-click.ts), so a fast tap on 'Continuar con Google' is never lost. Once main.tsx starts hydrating
// (window.__hydrating), React replays such events itself and the loader stops recording.
export const LOADER =
  "<script>(function(){var w=window,t=document.getElementById('app-entry'),go=function(){" +
  "if(!t)return;var o=t.content.querySelector('script'),s=document.createElement('script');" +
  "s.type='module';s.crossOrigin='';s.src=o.getAttribute('src');document.head.appendChild(s);t=null};" +
  "addEventListener('click',function(e){var b=!w.__hydrating&&e.target.closest&&" +
  "e.target.closest('button');if(b){w.__earlyClick=b;go()}},true);" +
  "['pointerdown','touchstart','keydown'].forEach(function(n){" +
  'addEventListener(n,go,{capture:true,passive:true,once:true})});' +
  'var idle=w.requestIdleCallback||function(f){setTimeout(f,1)},later=function(){' +
  'requestAnimationFrame(function(){setTimeout(function(){idle(go,{timeout:1000})},0)})};' +
  "if(document.readyState==='complete')later();else addEventListener('load',later);" +
  // A host that answers an unknown path with the landing page's HTML: hide it and load the app
  // at once, which renders the not-found page (Firebase Hosting and `vite preview` serve
  // 404.html instead).
  "var r=document.getElementById('root');" +
  "if(r&&r.dataset.route==='home'&&!/^\\/(index\\.html)?$/.test(location.pathname)){r.hidden=true;go()}" +
  // The landing page's whole stylesheet (#full-css, media=print so that it does not block the
  // first paint, scripts/build/critical-css.mjs) applies once loaded; then the phones' drawing
  // (fetched from the figure's data-phones address) fills its figure, which says so with
  // data-phones-ready. Without JavaScript a <noscript> link applies the stylesheet.
  "var c=document.getElementById('full-css'),f=document.querySelector('[data-phones]'),css=new Promise(function(y){" +
  "if(!c)return y();var on=function(){c.media='all';y()};if(c.sheet)on();else{c.onload=on;c.onerror=on}});" +
  "if(f&&w.fetch)Promise.all([fetch(f.getAttribute('data-phones')).then(function(x){return x.ok?x.text():''}),css])" +
  ".then(function(a){if(a[0])f.innerHTML=a[0];f.setAttribute('data-phones-ready','')},function(){});" +
  '})()</script>';
