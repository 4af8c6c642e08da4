// A stand-in for Google's gapi.iframes (https://apis.google.com/js/api.js), which the Firebase Auth
// SDK and the Auth emulator's helper iframe load for signInWithPopup. Offline, the real script
// cannot load; Playwright serves this one in its place (see ../shared/notes/firebase-emulators.md,
// section 5), with one change: reply callbacks run in a try block, as in gapi. It runs in the app page and in the emulator iframe, which talk through postMessage.
(() => {
  if (window.gapi?.iframes) return;
  let seq = 0;
  const pending = {};
  const eps = [];
  const endpoint = (target) => {
    const handlers = {};
    const waiting = [];
    let ready = false;
    const whenReady = (f) => (ready ? f() : waiting.push(f));
    const ep = {
      target,
      handlers,
      markReady() {
        ready = true;
        waiting.splice(0).forEach((f) => f());
      },
      register(name, fn) {
        handlers[name] = fn;
      },
      send(name, payload, cb) {
        const id = ++seq;
        if (cb) pending[id] = cb;
        whenReady(() => target().postMessage({ __shim: 'call', id, name, payload }, '*'));
      },
      restyle: () => Promise.resolve(),
      ping: (cb) =>
        new Promise((res) =>
          whenReady(() => {
            cb?.();
            res();
          }),
        ),
    };
    eps.push(ep);
    return ep;
  };
  addEventListener('message', async (e) => {
    const d = e.data;
    if (!d?.__shim) return;
    const ep = eps.find((x) => x.target() === e.source);
    if (d.__shim === 'ready') {
      ep?.markReady();
      if (!d.ack) e.source.postMessage({ __shim: 'ready', ack: true }, '*');
    } else if (d.__shim === 'reply') {
      const cb = pending[d.id];
      delete pending[d.id];
      // Real gapi swallows what a reply callback throws; the Auth SDK's web-storage probe throws
      // auth/internal-error on purpose once it has its answer.
      try {
        cb?.(d.result);
      } catch {
        // as gapi does
      }
    } else if (d.__shim === 'call' && ep) {
      const r = await ep.handlers[d.name]?.(d.payload);
      e.source.postMessage({ __shim: 'reply', id: d.id, result: [r] }, '*');
    }
  });
  const context = {
    open(opts, onOpen) {
      // parent page: create the emulator helper iframe
      const el = document.createElement('iframe');
      el.src = opts.url;
      Object.assign(el.style, opts.attributes?.style || {});
      (opts.where || document.body).appendChild(el);
      const ep = endpoint(() => el.contentWindow);
      return Promise.resolve(onOpen ? onOpen(ep) : ep);
    },
    getParentIframe() {
      // inside the emulator helper iframe
      const ep = endpoint(() => window.parent);
      window.parent.postMessage({ __shim: 'ready' }, '*');
      return ep;
    },
  };
  window.gapi = {
    load: (_n, o) => setTimeout(() => (typeof o === 'function' ? o : o.callback)()),
    iframes: {
      getContext: () => context,
      Iframe: function () {},
      CROSS_ORIGIN_IFRAMES_FILTER: 'x',
    },
  };
  const onload =
    document.currentScript && new URL(document.currentScript.src).searchParams.get('onload');
  setTimeout(() => {
    if (onload) window[onload]?.();
    window.gapi_onload?.();
  });
})();
