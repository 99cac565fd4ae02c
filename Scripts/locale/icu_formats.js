#!/usr/bin/env node
// Generate the locale-format vectors that LocaleTests checks LocaleNumberFormat against, from the
// ICU that Node.js ships (an implementation independent of Lockstep's hand-written table):
//
//     node Scripts/locale/icu_formats.js     # from the repository root
//
// writes Tests/PlatformTests/Resources/locale-formats.txt, one case a line, tab-separated:
//
//     locale   native   style   code   places   input   expected
//
// style is `decimal` (places fraction digits, padded) or `currency` (code's default digits when
// places is `-`); native is 1 for ar's Arabic-Indic digits (`-u-nu-arab`); expected has every
// scalar above U+007E escaped as \uXXXX so invisible marks and spaces are visible in review.
// Lockstep pins CLDR 46; the Node used here had ICU 78.2 (CLDR 48). The one difference this table
// touches: CLDR 47 changed COP's default fraction digits from 2 to 0, so COP is asked for 2
// digits explicitly (CLDR 46's value, as Python's Babel 2.17, which carries CLDR 46, also says).
// signDisplay 'negative' writes a value that rounds to zero without a minus sign ("0.000", not
// ICU's default "-0.000"): Lockstep's documented choice (LocaleNumberFormat).
const fs = require('fs');
const path = require('path');
const esc = s => [...s].map(c => c.codePointAt(0) > 126 ? '\\u' + c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0') : c).join('');
const locales = [['en_US_POSIX', 'en-US-u-va-posix'], ['en_US', 'en-US'], ['de_DE', 'de-DE'], ['fr_FR', 'fr-FR'],
                 ['ja_JP', 'ja-JP'], ['ar', 'ar-u-nu-latn'], ['es', 'es']];
const codes = ['BHD', 'COP', 'EUR', 'GBP', 'INR', 'JPY', 'KRW', 'KWD', 'USD'];
const inputs = ['0', '5', '-5', '0.5', '1234.5', '-1234.5', '12345.678', '1234567.891', '-0.0004'];
const lines = ['# locale\tnative\tstyle\tcode\tplaces\tinput\texpected   (Scripts/locale/icu_formats.js, ICU ' + process.versions.icu + ')'];
for (const [id, tag] of locales) {
  const variants = id === 'ar' ? [[0, tag], [1, 'ar-u-nu-arab']] : [[0, tag]];
  for (const [native, t] of variants) {
    for (const x of inputs) {
      for (const places of [0, 2, 3]) {
        const f = new Intl.NumberFormat(t, { minimumFractionDigits: places, maximumFractionDigits: places, roundingMode: 'halfEven', signDisplay: 'negative' });
        lines.push([id, native, 'decimal', '-', places, x, esc(f.format(x))].join('\t'));
      }
      for (const code of codes) {
        const opts = { style: 'currency', currency: code, roundingMode: 'halfEven', signDisplay: 'negative' };
        if (code === 'COP') { opts.minimumFractionDigits = 2; opts.maximumFractionDigits = 2; }
        lines.push([id, native, 'currency', code, '-', x, esc(new Intl.NumberFormat(t, opts).format(x))].join('\t'));
      }
    }
  }
}
fs.writeFileSync(path.join(__dirname, '..', '..', 'Tests', 'PlatformTests', 'Resources', 'locale-formats.txt'), lines.join('\n') + '\n');
console.log('wrote', lines.length - 1, 'cases');
