/** Inline illustrated student avatars for the in-memory backend (no network). */
const svg = (body: string): string =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`)}`;

export const HERO_AVATARS: readonly string[] = [
  svg(
    '<rect width="64" height="64" fill="#FDE6D6"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#F26B5B"/><path d=' +
      '"M19.5 30c0-10 5-16.5 12.5-16.5S44.5 20 44.5 30v19c-5 2.5-20 2.5-25 0z" fill="#3B2A22"/>' +
      '<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#CC9369"/><g fill="#E0AC84"><circle cx="2' +
      '1.2" cy="31.5" r="2.8"/><circle cx="42.8" cy="31.5" r="2.8"/><ellipse cx="32" cy="30" rx' +
      '="11" ry="12.5"/></g><path d="M21 30c-1-9 4-15.5 11-15.5 7.5 0 12 6 11 15.5-2-4-4-6.5-7-' +
      '8-4 3-10 4.5-15 8z" fill="#3B2A22"/><g fill="#2A1B14"><circle cx="27.6" cy="31" r="1.4"/' +
      '><circle cx="36.4" cy="31" r="1.4"/></g><path d="M25.6 27.8q2-1.2 4 0M34.4 27.8q2-1.2 4 ' +
      '0" fill="none" stroke="#3B2A22" stroke-width="1.1" stroke-linecap="round"/><path d="M31.' +
      '2 33.8h1.6" stroke="#CC9369" stroke-width="1.4" stroke-linecap="round"/><g fill="#F07C73' +
      '" opacity=".25"><circle cx="25.2" cy="35" r="2"/><circle cx="38.8" cy="35" r="2"/></g><p' +
      'ath d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#7A3A2C" stroke-width="1.2" stroke-linej' +
      'oin="round"/>',
  ),
  svg(
    '<rect width="64" height="64" fill="#DCF1E8"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#2A9D8F"/><path d=' +
      '"M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#855235"/><g fill="#9C6443"><circle cx="21.2" cy=' +
      '"31.5" r="2.8"/><circle cx="42.8" cy="31.5" r="2.8"/><ellipse cx="32" cy="30" rx="11" ry' +
      '="12.5"/></g><path d="M21 29c-.5-8 4.5-13 11-13s11.5 5 11 13c-1-3-2-4.5-3.5-5.5-4.5 1-10' +
      '.5 1-15 0-1.5 1-2.5 2.5-3.5 5.5z" fill="#1F1A1C"/><g fill="#2A1B14"><circle cx="27.6" cy' +
      '="31" r="1.4"/><circle cx="36.4" cy="31" r="1.4"/></g><path d="M25.6 27.8q2-1.2 4 0M34.4' +
      ' 27.8q2-1.2 4 0" fill="none" stroke="#1F1A1C" stroke-width="1.1" stroke-linecap="round"/' +
      '><path d="M31.2 33.8h1.6" stroke="#855235" stroke-width="1.4" stroke-linecap="round"/><g' +
      ' fill="#F07C73" opacity=".25"><circle cx="25.2" cy="35" r="2"/><circle cx="38.8" cy="35"' +
      ' r="2"/></g><path d="M29.2 36.4q2.8 2.4 5.6 0" fill="none" stroke="#4A2218" stroke-width' +
      '="1.3" stroke-linecap="round"/>',
  ),
  svg(
    '<rect width="64" height="64" fill="#ECE3F8"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#F2B33D"/><g fill=' +
      '"#3B2A22"><circle cx="21" cy="24" r="5.5"/><circle cx="26" cy="17" r="5.5"/><circle cx="' +
      '32" cy="15" r="5.5"/><circle cx="38" cy="17" r="5.5"/><circle cx="43" cy="24" r="5.5"/><' +
      'circle cx="44.5" cy="32" r="5"/><circle cx="19.5" cy="32" r="5"/><circle cx="20" cy="40"' +
      ' r="4.5"/><circle cx="44" cy="40" r="4.5"/></g><path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" ' +
      'fill="#A26843"/><g fill="#BA7D56"><circle cx="21.2" cy="31.5" r="2.8"/><circle cx="42.8"' +
      ' cy="31.5" r="2.8"/><ellipse cx="32" cy="30" rx="11" ry="12.5"/></g><g fill="#3B2A22"><c' +
      'ircle cx="25" cy="21.5" r="4"/><circle cx="30" cy="19.5" r="4"/><circle cx="35" cy="19.8' +
      '" r="4"/><circle cx="39.5" cy="22" r="3.6"/></g><g fill="#2A1B14"><circle cx="27.6" cy="' +
      '31" r="1.4"/><circle cx="36.4" cy="31" r="1.4"/></g><path d="M25.6 27.8q2-1.2 4 0M34.4 2' +
      '7.8q2-1.2 4 0" fill="none" stroke="#3B2A22" stroke-width="1.1" stroke-linecap="round"/><' +
      'path d="M31.2 33.8h1.6" stroke="#A26843" stroke-width="1.4" stroke-linecap="round"/><g f' +
      'ill="#F07C73" opacity=".25"><circle cx="25.2" cy="35" r="2"/><circle cx="38.8" cy="35" r' +
      '="2"/></g><path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#5A2A1C" stroke-width="1.2" ' +
      'stroke-linejoin="round"/>',
  ),
  svg(
    '<rect width="64" height="64" fill="#DDEFFA"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#7C5CD6"/><path d=' +
      '"M40 20c8-1 11 9 9 19-1 6-5 9-6.5 6 2-7 2-15-3.5-19z" fill="#7A4A2A"/><path d="M27.5 38h' +
      '9v8.5L32 50.5l-4.5-4z" fill="#E8BE9F"/><g fill="#F5D5BC"><circle cx="21.2" cy="31.5" r="' +
      '2.8"/><circle cx="42.8" cy="31.5" r="2.8"/><ellipse cx="32" cy="30" rx="11" ry="12.5"/><' +
      '/g><path d="M20.8 30c-1-9 4-15 11.2-15s12.2 6 11.2 15c-1-4-3-7-6-8.5-5 2-12 2-13-1-2 2-3' +
      ' 5-3.4 9.5z" fill="#7A4A2A"/><circle cx="42.5" cy="20.5" r="1.8" fill="#F2B33D"/><g fill' +
      '="#2A1B14"><circle cx="27.6" cy="31" r="1.4"/><circle cx="36.4" cy="31" r="1.4"/></g><pa' +
      'th d="M25.6 27.8q2-1.2 4 0M34.4 27.8q2-1.2 4 0" fill="none" stroke="#7A4A2A" stroke-widt' +
      'h="1.1" stroke-linecap="round"/><path d="M31.2 33.8h1.6" stroke="#E8BE9F" stroke-width="' +
      '1.4" stroke-linecap="round"/><g fill="#F07C73" opacity=".25"><circle cx="25.2" cy="35" r' +
      '="2"/><circle cx="38.8" cy="35" r="2"/></g><path d="M29.2 36.4q2.8 2.4 5.6 0" fill="none' +
      '" stroke="#7A3A2C" stroke-width="1.3" stroke-linecap="round"/>',
  ),
  svg(
    '<rect width="64" height="64" fill="#FFF1C7"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#8A94A6"/><path d=' +
      '"M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#B97C57"/><g fill="#CF9570"><circle cx="21.2" cy=' +
      '"31.5" r="2.8"/><circle cx="42.8" cy="31.5" r="2.8"/><ellipse cx="32" cy="30" rx="11" ry' +
      '="12.5"/></g><path d="M20.5 31c-1-4 0-7 2-8.5h19c2 1.5 3 4.5 2 8.5-1-2.5-2-4-3-4.5H23.5c' +
      '-1 .5-2 2-3 4.5z" fill="#1F1A1C"/><path d="M20.5 25c0-6.5 5-10.5 11.5-10.5S43.5 18.5 43.' +
      '5 25z" fill="#2F4B8C"/><ellipse cx="32" cy="25" rx="13" ry="2.4" fill="#23386B"/><circle' +
      ' cx="32" cy="14.6" r="1.2" fill="#23386B"/><g fill="#2A1B14"><circle cx="27.6" cy="31" r' +
      '="1.4"/><circle cx="36.4" cy="31" r="1.4"/></g><path d="M25.6 27.8q2-1.2 4 0M34.4 27.8q2' +
      '-1.2 4 0" fill="none" stroke="#1F1A1C" stroke-width="1.1" stroke-linecap="round"/><path ' +
      'd="M31.2 33.8h1.6" stroke="#B97C57" stroke-width="1.4" stroke-linecap="round"/><g fill="' +
      '#F07C73" opacity=".25"><circle cx="25.2" cy="35" r="2"/><circle cx="38.8" cy="35" r="2"/' +
      '></g><path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#7A3A2C" stroke-width="1.2" strok' +
      'e-linejoin="round"/>',
  ),
  svg(
    '<rect width="64" height="64" fill="#FBE1E8"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#4CAF7A"/><path d=' +
      '"M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#DDA982"/><g fill="#EDC29E"><circle cx="21.2" cy=' +
      '"31.5" r="2.8"/><circle cx="42.8" cy="31.5" r="2.8"/><ellipse cx="32" cy="30" rx="11" ry' +
      '="12.5"/></g><path d="M20.5 31c-1.5-10 4-16 11.5-16s13 6 11.5 16c-.8-3.5-1.8-6-3.5-7.5-6' +
      ' 1-11 .5-14-2.5-2.5 1.5-4.5 5-5.5 10z" fill="#231C1A"/><g fill="#2A1B14"><circle cx="27.' +
      '6" cy="31" r="1.4"/><circle cx="36.4" cy="31" r="1.4"/></g><path d="M25.6 27.8q2-1.2 4 0' +
      'M34.4 27.8q2-1.2 4 0" fill="none" stroke="#231C1A" stroke-width="1.1" stroke-linecap="ro' +
      'und"/><path d="M31.2 33.8h1.6" stroke="#DDA982" stroke-width="1.4" stroke-linecap="round' +
      '"/><g fill="#F07C73" opacity=".25"><circle cx="25.2" cy="35" r="2"/><circle cx="38.8" cy' +
      '="35" r="2"/></g><path d="M29.2 36.4q2.8 2.4 5.6 0" fill="none" stroke="#7A3A2C" stroke-' +
      'width="1.3" stroke-linecap="round"/><g fill="none" stroke="#2B2B33" stroke-width="1.2"><' +
      'circle cx="27.6" cy="31" r="3.4"/><circle cx="36.4" cy="31" r="3.4"/><path d="M31 30.6h2' +
      'M24.2 30.5l-3-1M39.8 30.5l3-1"/></g>',
  ),
  svg(
    '<rect width="64" height="64" fill="#DDF0EE"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><circle cx="32" cy="13.5" r="6" fill="#2A201E"/><path d="M9 64c0-10 9-16.' +
      '5 23-16.5S55 54 55 64z" fill="#E86A92"/><path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#' +
      'BE845E"/><g fill="#D49B74"><circle cx="21.2" cy="31.5" r="2.8"/><circle cx="42.8" cy="31' +
      '.5" r="2.8"/><ellipse cx="32" cy="30" rx="11" ry="12.5"/></g><path d="M20.8 31c-1-9.5 4-' +
      '15.5 11.2-15.5s12.2 6 11.2 15.5c-1-4.5-2.5-7.5-5-8.5-2.5-.3-5 .5-6.2 2-1.2-1.5-3.7-2.3-6' +
      '.2-2-2.5 1-4 4-5 8.5z" fill="#2A201E"/><g fill="#2A1B14"><circle cx="27.6" cy="31" r="1.' +
      '4"/><circle cx="36.4" cy="31" r="1.4"/></g><path d="M25.6 27.8q2-1.2 4 0M34.4 27.8q2-1.2' +
      ' 4 0" fill="none" stroke="#2A201E" stroke-width="1.1" stroke-linecap="round"/><path d="M' +
      '31.2 33.8h1.6" stroke="#BE845E" stroke-width="1.4" stroke-linecap="round"/><g fill="#F07' +
      'C73" opacity=".25"><circle cx="25.2" cy="35" r="2"/><circle cx="38.8" cy="35" r="2"/></g' +
      '><path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#7A3A2C" stroke-width="1.2" stroke-li' +
      'nejoin="round"/><g fill="none" stroke="#9B3B5C" stroke-width="1.2"><circle cx="27.6" cy=' +
      '"31" r="3.4"/><circle cx="36.4" cy="31" r="3.4"/><path d="M31 30.6h2"/></g>',
  ),
  svg(
    '<rect width="64" height="64" fill="#E6F0D8"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#3B82C4"/><path d=' +
      '"M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#663C26"/><g fill="#7A4A30"><circle cx="21.2" cy=' +
      '"31.5" r="2.8"/><circle cx="42.8" cy="31.5" r="2.8"/><ellipse cx="32" cy="30" rx="11" ry' +
      '="12.5"/></g><path d="M21.5 33c0 6.5 4.5 9.5 10.5 9.5s10.5-3 10.5-9.5c-2 3.5-5 4.5-10.5 ' +
      '4.5s-8.5-1-10.5-4.5z" fill="#1F1A1C" opacity=".3"/><path d="M20.3 31c-2.5-11 3-17.5 11.7' +
      '-17.5S46.5 20 43.7 31c-.7-3.5-1.7-6-3.2-7.5-1.5 1.5-3.5 1.5-5 .5-2 1.5-4.5 1.5-6.5 0-1.5' +
      ' 1-3.5 1-5-.5-1.5 1.5-2.7 4-3.7 7.5z" fill="#1F1A1C"/><g fill="#1F1A1C"><circle cx="24" ' +
      'cy="17.5" r="4"/><circle cx="30" cy="15" r="4"/><circle cx="36" cy="15" r="4"/><circle c' +
      'x="41" cy="18" r="3.6"/></g><g fill="#2A1B14"><circle cx="27.6" cy="31" r="1.4"/><circle' +
      ' cx="36.4" cy="31" r="1.4"/></g><path d="M25.6 27.8q2-1.2 4 0M34.4 27.8q2-1.2 4 0" fill=' +
      '"none" stroke="#1F1A1C" stroke-width="1.1" stroke-linecap="round"/><path d="M31.2 33.8h1' +
      '.6" stroke="#663C26" stroke-width="1.4" stroke-linecap="round"/><g fill="#F07C73" opacit' +
      'y=".25"><circle cx="25.2" cy="35" r="2"/><circle cx="38.8" cy="35" r="2"/></g><path d="M' +
      '29 36.2q3 3.6 6 0z" fill="#fff" stroke="#3A1A12" stroke-width="1.2" stroke-linejoin="rou' +
      'nd"/>',
  ),
  svg(
    '<rect width="64" height="64" fill="#E4EBFB"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#D9483B"/><g fill=' +
      '"#1F1A1C"><ellipse cx="21.5" cy="37" rx="2.8" ry="3"/><ellipse cx="21.5" cy="42" rx="2.8' +
      '" ry="3"/><ellipse cx="21.5" cy="47" rx="2.6" ry="2.8"/><ellipse cx="21.5" cy="51.6" rx=' +
      '"2.2" ry="2.4"/><ellipse cx="42.5" cy="37" rx="2.8" ry="3"/><ellipse cx="42.5" cy="42" r' +
      'x="2.8" ry="3"/><ellipse cx="42.5" cy="47" rx="2.6" ry="2.8"/><ellipse cx="42.5" cy="51.' +
      '6" rx="2.2" ry="2.4"/></g><g fill="#F2B33D"><rect x="19.8" y="53.4" width="3.4" height="' +
      '1.6" rx=".8"/><rect x="40.8" y="53.4" width="3.4" height="1.6" rx=".8"/></g><path d="M27' +
      '.5 38h9v8.5L32 50.5l-4.5-4z" fill="#935C3A"/><g fill="#A96F4B"><circle cx="21.2" cy="31.' +
      '5" r="2.8"/><circle cx="42.8" cy="31.5" r="2.8"/><ellipse cx="32" cy="30" rx="11" ry="12' +
      '.5"/></g><path d="M20.6 33c-1.5-11 4-17.5 11.4-17.5s12.9 6.5 11.4 17.5c-1-5-3-8.5-6.4-10' +
      '-2 0-4 .8-5 2.3-1-1.5-3-2.3-5-2.3-3.4 1.5-5.4 5-6.4 10z" fill="#1F1A1C"/><g fill="#2A1B1' +
      '4"><circle cx="27.6" cy="31" r="1.4"/><circle cx="36.4" cy="31" r="1.4"/></g><path d="M2' +
      '5.6 27.8q2-1.2 4 0M34.4 27.8q2-1.2 4 0" fill="none" stroke="#1F1A1C" stroke-width="1.1" ' +
      'stroke-linecap="round"/><path d="M31.2 33.8h1.6" stroke="#935C3A" stroke-width="1.4" str' +
      'oke-linecap="round"/><g fill="#F07C73" opacity=".25"><circle cx="25.2" cy="35" r="2"/><c' +
      'ircle cx="38.8" cy="35" r="2"/></g><path d="M29.2 36.4q2.8 2.4 5.6 0" fill="none" stroke' +
      '="#4A2218" stroke-width="1.3" stroke-linecap="round"/>',
  ),
  svg(
    '<rect width="64" height="64" fill="#F3EADF"/><circle cx="32" cy="30" r="25" fill="#fff" ' +
      'opacity=".45"/><path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#F08A3C"/><path d=' +
      '"M21 48c2.5 3 6.5 4.5 11 4.5s8.5-1.5 11-4.5c-2.5-1.7-6-2.7-11-2.7s-8.5 1-11 2.7z" fill="' +
      '#D06F26"/><path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#DDA982"/><path d="M29 50v6M35 ' +
      '50v6" stroke="#fff" stroke-width="1.2" stroke-linecap="round"/><g fill="#EDC29E"><circle' +
      ' cx="21.2" cy="31.5" r="2.8"/><circle cx="42.8" cy="31.5" r="2.8"/><ellipse cx="32" cy="' +
      '30" rx="11" ry="12.5"/></g><path d="M20.8 30c-1.5-8 1-13.5 5-15.5 4-3 11-3 14.5 0 3.5 2.' +
      '5 4 8 2.9 15.5-.9-3.5-2.2-6-4.2-7-5 .8-10 .8-14 0-1.7 1.3-3.2 3.5-4.2 7z" fill="#8B5E3C"' +
      '/><path d="M24 18c2-5.5 13-7 17.5-1.5 1 1.5-.5 2.6-2.3 1.8-4.5-2-10-2.3-15.2-.3z" fill="' +
      '#6E4629"/><g fill="#2A1B14"><circle cx="27.6" cy="31" r="1.4"/><circle cx="36.4" cy="31"' +
      ' r="1.4"/></g><path d="M25.6 27.8q2-1.2 4 0M34.4 27.8q2-1.2 4 0" fill="none" stroke="#8B' +
      '5E3C" stroke-width="1.1" stroke-linecap="round"/><path d="M31.2 33.8h1.6" stroke="#DDA98' +
      '2" stroke-width="1.4" stroke-linecap="round"/><g fill="#F07C73" opacity=".25"><circle cx' +
      '="25.2" cy="35" r="2"/><circle cx="38.8" cy="35" r="2"/></g><path d="M29 36.2q3 3.6 6 0z' +
      '" fill="#fff" stroke="#7A3A2C" stroke-width="1.2" stroke-linejoin="round"/>',
  ),
];
