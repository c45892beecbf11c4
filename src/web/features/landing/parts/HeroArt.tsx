/** Decorative hero drawing: a house with solar panels under a rising sun. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 480 400" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-sun" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#ffe08a" />
          <stop offset="60%" stopColor="#ffc83d" />
          <stop offset="100%" stopColor="#f5a524" />
        </radialGradient>
        <linearGradient id="hero-panel" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#1f4e79" />
          <stop offset="100%" stopColor="#0d2b45" />
        </linearGradient>
        <linearGradient id="hero-ground" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#cfe8d9" />
          <stop offset="100%" stopColor="#e3f1eb" />
        </linearGradient>
      </defs>
      <circle cx="240" cy="200" r="190" fill="#fff4dc" />
      <g>
        <circle cx="350" cy="104" r="50" fill="url(#hero-sun)" />
        <g stroke="#f5a524" strokeWidth="6" strokeLinecap="round" opacity="0.85">
          <path d="M350 30v-14M350 192v-14M276 104h-14M438 104h-14M298 52l-10-10M412 166l-10-10M402 52l10-10M298 156l-10 10" />
        </g>
      </g>
      <path d="M40 330c60-26 140-34 200-30s140 14 200 30v30H40z" fill="url(#hero-ground)" />
      <g>
        <rect x="118" y="214" width="200" height="122" rx="6" fill="#ffffff" stroke="#0b4d3a" strokeWidth="4" />
        <path d="M96 222 218 128l122 94" fill="#0b4d3a" />
        <path d="M96 222 218 128l122 94" fill="none" stroke="#073628" strokeWidth="6" strokeLinejoin="round" />
        {/* panel rows drawn along the right roof slope */}
        <path d="M230.2 144.9 301.4 199.9 286.8 218.9 215.5 164z" fill="url(#hero-panel)" stroke="#0d2b45" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M253.9 163.3 239.3 182.3M277.7 181.6 263.1 200.6M222.8 154.5 294.1 209.4" stroke="#7fb2e5" strokeWidth="1.5" opacity="0.75" />
        <rect x="150" y="256" width="44" height="80" rx="4" fill="#f5a524" />
        <circle cx="184" cy="298" r="3" fill="#073628" />
        <rect x="224" y="250" width="64" height="44" rx="4" fill="#e3f1eb" stroke="#0b4d3a" strokeWidth="4" />
        <path d="M256 250v44M224 272h64" stroke="#0b4d3a" strokeWidth="3" />
      </g>
      <g fill="#1b7f4b">
        <circle cx="368" cy="296" r="26" />
        <rect x="364" y="300" width="8" height="38" rx="3" fill="#0b4d3a" />
        <circle cx="78" cy="306" r="18" />
        <rect x="75" y="310" width="6" height="26" rx="3" fill="#0b4d3a" />
      </g>
      <g>
        <rect x="36" y="120" width="150" height="58" rx="14" fill="#ffffff" stroke="#d9dcd5" />
        <text x="54" y="144" fontSize="13" fill="#4f5f59" fontFamily="system-ui, sans-serif">Economia na conta</text>
        <text x="54" y="167" fontSize="20" fontWeight="700" fill="#0b4d3a" fontFamily="system-ui, sans-serif">até 30%</text>
      </g>
    </svg>
  );
}
