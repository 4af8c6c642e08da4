// The sign-in callback page of the Supabase backend (the project's redirect URL). Supabase Auth
// sends the browser here with ?code=... (or ?error=...). In the sign-in popup, it hands that URL
// back to the page that opened it (postMessage to the opener on our own origin, and a
// BroadcastChannel for when the provider's opener policy cut the link), then closes. After a
// redirect sign-in (a blocked popup, an in-app browser), it returns to the page's waitlist with
// the code, and the page completes the sign-in. A plain script: no framework, no SDK, no secret.
/* global window, location */
(function () {
  var FLAG = 'de-estudiantes:auth-redirect';
  var TYPE = 'de-estudiantes:auth-callback';
  var redirect;
  // The page the redirect left from: a campus's page (issue 60) comes back to itself.
  var back = '/';
  try {
    var flag = sessionStorage.getItem(FLAG);
    redirect = flag !== null;
    if (flag && /^\/campus\/[a-z0-9]+(?:-[a-z0-9]+)*$/.test(flag)) back = flag;
    sessionStorage.removeItem(FLAG);
  } catch {
    redirect = !window.opener;
  }
  if (redirect || (!window.opener && typeof BroadcastChannel !== 'function')) {
    location.replace(back + location.search + '#waitlist');
    return;
  }
  var message = { type: TYPE, url: location.href };
  try {
    if (window.opener) window.opener.postMessage(message, location.origin);
  } catch {
    // The opener is gone or on another origin: the channel below still reaches it.
  }
  try {
    var channel = new BroadcastChannel(TYPE);
    channel.postMessage(message);
    channel.close();
  } catch {
    // No BroadcastChannel: postMessage above is the only way back.
  }
  setTimeout(function () {
    window.close();
  }, 100);
})();
