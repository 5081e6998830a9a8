// The browser and system a User-Agent names, in plain words for a notice ("Chrome on
// Windows") and a passkey's name ("Passkey on Mac"): a handful of tests, in the order that
// tells the common ones apart (Edge and Opera also say Chrome, Chrome also says Safari).
// Anything else is unnamed, not guessed.

export interface DeviceDescription {
  browser: string | null
  system: string | null
}

const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
]

const firstOf = (rules: [RegExp, string][], text: string) =>
  rules.find(([pattern]) => pattern.test(text))?.[1] ?? null

export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  const text = (userAgent ?? '').slice(0, 500)
  return { browser: firstOf(browsers, text), system: firstOf(systems, text) }
}
