// The inline scripts of the prerendered landing page: LOADER at the end of the body and
// SECTION_STYLES in the head. The deployed Content-Security-Policy allows them by their SHA-256,
// computed from the built pages at deploy time (scripts/deploy/deploy.mjs, csp.mjs).
//
// The entry script is requested only after the prerendered page has painted: it sits inert in a
// <template> (where bundle-size.mjs still counts it as first-load JavaScript) and a small loader
// appends it once the page has loaded and painted (its first contentful paint and a frame) and
// the browser is idle (at most 1 s later), or at once on the first pointer, touch or key press.
// A button pressed before React has hydrated is remembered (window.__earlyClick) and clicked
// again after hydration (src/ui/kit/early-click.ts), so a fast tap on 'Continuar con Google' is never
// lost. Once main.tsx starts hydrating (window.__hydrating), React replays such events itself and
// the loader stops recording.
// The app's script is appended once the rest of the stylesheet applies (`full`, below), so that it
// measures and scrolls the page as laid out for real.
export const LOADER =
  "<script>(function(){var w=window,t=document.getElementById('app-entry'),go=function(){" +
  "full().then(function(){if(!t)return;var o=t.content.querySelector('script'),s=document.createElement('script');" +
  "s.type='module';s.crossOrigin='';s.src=o.getAttribute('src');document.head.appendChild(s);t=null})};" +
  "addEventListener('click',function(e){var b=!w.__hydrating&&e.target.closest&&" +
  "e.target.closest('button');if(b){w.__earlyClick=b;go()}},true);" +
  "['pointerdown','touchstart','keydown'].forEach(function(n){" +
  'addEventListener(n,go,{capture:true,passive:true,once:true})});' +
  'var idle=w.requestIdleCallback||function(f){setTimeout(f,1)};' +
  // A host that answers an unknown path with the landing page's HTML: hide it and load the app
  // at once, which renders the not-found page (Firebase Hosting and `vite preview` serve
  // 404.html instead).
  "var r=document.getElementById('root');" +
  "if(r&&r.dataset.route==='home'&&!/^\\/(index\\.html)?$/.test(location.pathname)){r.hidden=true;go()}" +
  // The rest of the landing page's stylesheet (scripts/build/critical-css.mjs: the page inlines
  // only its first screens' rules) is named by the <noscript id="offscreen-css"> link that
  // applies it without JavaScript. `full` links it, no sooner than the first frame after `load`,
  // or at once when the visitor scrolls, touches or presses a key (go), or when the address names
  // a section: requested before the first paint, Lighthouse counted its download and restyle in
  // the largest paint. For an address that names a section, SECTION_STYLES (below) has already
  // linked it from the head; `full` waits for that link. Then the phones' drawing, fetched at low
  // priority, fills its figure: its frame, then each phone parsed in a task of its own (the parts
  // of phones.html, separated by PHONE_ART_SEPARATOR; parsing all 35 KB at once is a long task),
  // then about B elements per frame: a subtree that small goes in whole, a bigger one as an empty
  // copy of its element and then its children (a whole phone's style and layout in one task is
  // long too). A frame takes pieces until it holds B elements or more (under 2B: a piece holds
  // B at most). B is 30: a piece's frame is its own style and layout, 2-10 ms here; 15 made a
  // third more frames, each one drawn and composited, for the same drawing, and 60 made frames of
  // up to 16 ms (docs/performance-history.md, stop 40). The frame goes in at once (`put`, in the
  // task that got the drawing; `parse` returns the element placed, a copy when the part was cut).
  // The drawing's text is set in a web font of its own (the figure's data-phones-font:
  // scripts/build/phone-font.mjs): a system font cost Chromium on Linux a synchronous call to the
  // browser process for each new size and weight (2-27 ms each, 14 of them), a web font none. Its
  // face `k` joins the page's fonts at once, before the first layout (joining later made Chromium
  // lay out the whole page again), and loads with the drawing, which waits for it 3 s at most:
  // a face still loading then leaves the page's fonts (a late font would redraw the text), and
  // one that failed is passed over; either way the drawing is set in the page's font.
  // Each phone stays transparent (opacity 0) until its last piece is in: its pieces moving into
  // place would count as layout shifts, and Chromium counts none inside a transparent element,
  // as none inside a visibility:hidden one; but making a hidden phone visible restyled its 125
  // elements (visibility is inherited: 10-26 ms at 2.3x), where opacity is the phone's own
  // property. The figure says so with data-phones-ready once full. Without JavaScript the figure
  // stays empty.
  "function full(){return css||(css=new Promise(function(y){var n=document.getElementById('offscreen-css')," +
  "h=n&&/href=\"([^\"]+)\"/.exec(n.textContent||''),l=document.getElementById('offscreen-link');if(l){if(w.__offscreenDone)return y();" +
  "l.addEventListener('load',function(){y()});l.addEventListener('error',function(){y()});return}if(!h)return y();l=document.createElement('link');" +
  "l.rel='stylesheet';l.href=h[1];l.onload=l.onerror=function(){y()};document.head.appendChild(l)}))}" +
  "var css,B=30,f=document.querySelector('[data-phones]'),n=f&&f.getAttribute('data-phones-font'),F=w.FontFace," +
  "k=n&&F&&document.fonts&&new F('Phone art','url('+n+')',{weight:'100 900'}),phones=function(){" +
  'var font=k&&new Promise(function(y){var t=setTimeout(function(){document.fonts.delete(k);y()},3000);' +
  'k.load().then(null,function(){}).then(function(){clearTimeout(t);y()})});' +
  "Promise.all([fetch(f.getAttribute('data-phones'),{priority:'low'}).then(function(x){return x.ok?x.text():''}),full(),font])" +
  ".then(function(a){var s=a[0].split('<!--|-->'),u=[],d,cut=function(n,t){" +
  "var m=n.nodeType===1?n.getElementsByTagName('*').length:0,e;if(m<B)u.push([t,n,m+1]);" +
  'else{e=n.cloneNode(false);u.push([t,e,1]);[].slice.call(n.childNodes).forEach(function(x){cut(x,e)})}},' +
  "parse=function(h,t){var p=document.createElement('template'),e,k=u.length,o;p.innerHTML=h;e=p.content.firstElementChild;" +
  "if(e){cut(e,t);o=u[k][1];if(t!==f){o.setAttribute('style','opacity:0');u.push([0,function(){o.removeAttribute('style')},1])}}return o}," +
  'next=function(){requestAnimationFrame(function(){setTimeout(step,0)})},' +
  'put=function(){for(var w=0,x;w<B&&(x=u.shift());w+=x[2])x[0]?x[0].appendChild(x[1]):x[1]()},' +
  "step=function(){put();if(u.length)next();else f.setAttribute('data-phones-ready','')};" +
  'd=parse(s.shift(),f);if(d){put();s.forEach(function(h){u.push([0,function(){parse(h,d)},B])})}next()},function(){})},' +
  // After `load` and the first contentful paint (observed where the browser reports paints:
  // `load` often comes before it), a frame and then one task each: the rest of the stylesheet,
  // the phones, the icon (its `data-href`, prerender.mjs), then the app's script once the
  // browser is idle. Each request starts with some main-thread work (8-12 ms all three at once).
  // Every request before the first paint was counted in it by Lighthouse's simulation (a
  // connection and a round trip more on slow 4G: LCP 0.75-1.5 s instead of 0.66 s).
  'after=function(){var P=w.PerformanceObserver,o,run=function(){requestAnimationFrame(function(){setTimeout(function(){' +
  "full();setTimeout(function(){if(f&&w.fetch)phones();setTimeout(function(){icon();idle(go,{timeout:1000})},0)},0)},0)})};if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0){o=new P(function(l){" +
  "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();run()}});o.observe({type:'paint',buffered:true})}else run()}," +
  "icon=function(){var i=document.querySelector('link[rel=icon][data-href]');if(i)i.href=i.getAttribute('data-href')};" +
  "['scroll','wheel'].forEach(function(n){addEventListener(n,full,{passive:true,once:true})});if(location.hash)full();" +
  "if(k)document.fonts.add(k);if(document.readyState==='complete')after();else addEventListener('load',after);" +
  '})()</script>';

// For an address that names a section (#waitlist, #faq...), the rest of the stylesheet is linked
// from the head, render-blocking (`blocking="render"`; other browsers hold the first paint for a
// stylesheet pending in the head anyway): the browser scrolls to that section at once, and its
// rules are in that stylesheet. Linked from the end of the body, it could come after the first
// paint on a slow machine, and the section would be laid out twice (a layout shift). Placed after
// the <noscript id="offscreen-css"> that names it (scripts/build/prerender.mjs).
export const SECTION_STYLES =
  "<script>(function(){var n=document.getElementById('offscreen-css'),h,l;if(!location.hash||!n)return;" +
  "h=/href=\"([^\"]+)\"/.exec(n.textContent||'');if(!h)return;l=document.createElement('link');l.rel='stylesheet';" +
  "l.href=h[1];l.id='offscreen-link';l.setAttribute('blocking','render');" +
  // Loaded or failed: LOADER's `full` then goes on at once (a failed link must not hold the app).
  'l.onload=l.onerror=function(){window.__offscreenDone=1};document.head.appendChild(l)})()</script>';
