/**
 * Time zone tables used by `timezoneForPhone` (see phone.ts). They decide when people get called, so each
 * entry names the IANA zone where most of the people behind that number live.
 */
import type { CountryCode } from 'libphonenumber-js';

/** One row of the NANP table: a state, province, territory or country, with its zone and area codes. */
export interface NanpRegion {
  /** Where the area codes are, for people reading the table. */
  readonly region: string;
  /** The ISO country the area codes belong to. */
  readonly country: CountryCode;
  /** The IANA zone of most of the people using these area codes. */
  readonly zone: string;
  /** Three-digit area codes, separated by spaces. */
  readonly codes: string;
}

const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';

/**
 * Every geographic area code of the North American Numbering Plan (+1) in use or already announced, by region.
 * Where an area code spans two zones it sits in the row of the zone holding most of its population; the notes
 * say where that matters. Non-geographic codes (toll-free 8XX, 5XX, 600, 900 …) are deliberately absent.
 */
export const NANP_REGIONS: readonly NanpRegion[] = [
  // United States
  { region: 'Alabama', country: 'US', zone: CT, codes: '205 251 256 334 659 938' },
  { region: 'Alaska', country: 'US', zone: 'America/Anchorage', codes: '907' },
  {
    region: 'Arizona (no daylight saving time)',
    country: 'US',
    zone: 'America/Phoenix',
    codes: '480 520 602 623 928',
  },
  { region: 'Arkansas', country: 'US', zone: CT, codes: '327 479 501 870' },
  {
    region: 'California',
    country: 'US',
    zone: PT,
    codes:
      '209 213 279 310 323 341 350 369 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 738 ' +
      '747 760 805 818 820 831 840 858 909 916 925 949 951',
  },
  { region: 'Colorado', country: 'US', zone: MT, codes: '303 719 720 748 970 983' },
  { region: 'Connecticut', country: 'US', zone: ET, codes: '203 475 860 959' },
  { region: 'Delaware', country: 'US', zone: ET, codes: '302' },
  { region: 'District of Columbia', country: 'US', zone: ET, codes: '202 771' },
  {
    region: 'Florida (peninsula and Tallahassee)',
    country: 'US',
    zone: ET,
    codes: '239 305 321 324 352 386 407 561 645 656 689 727 728 754 772 786 813 863 904 941 954',
  },
  // 850/448: Pensacola, Fort Walton Beach and Panama City (Central) outnumber Tallahassee (Eastern).
  { region: 'Florida panhandle', country: 'US', zone: CT, codes: '448 850' },
  { region: 'Georgia', country: 'US', zone: ET, codes: '229 404 470 478 678 706 762 770 912 943' },
  { region: 'Hawaii', country: 'US', zone: 'Pacific/Honolulu', codes: '808' },
  // Southern Idaho (Boise, Nampa, Idaho Falls) is Mountain; the northern panhandle is Pacific.
  { region: 'Idaho', country: 'US', zone: 'America/Boise', codes: '208 986' },
  {
    region: 'Illinois',
    country: 'US',
    zone: CT,
    codes: '217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 872',
  },
  // 812/930: Evansville is Central, but Bloomington, Terre Haute and the Louisville suburbs are Eastern.
  {
    region: 'Indiana',
    country: 'US',
    zone: 'America/Indiana/Indianapolis',
    codes: '260 317 463 574 765 812 930',
  },
  // 219: Gary, Hammond and the rest of the Chicago side of Indiana.
  { region: 'Northwest Indiana', country: 'US', zone: CT, codes: '219' },
  { region: 'Iowa', country: 'US', zone: CT, codes: '319 515 563 641 712' },
  { region: 'Kansas', country: 'US', zone: CT, codes: '316 620 785 913' },
  { region: 'Kentucky (Louisville, Lexington, east)', country: 'US', zone: ET, codes: '502 606 859' },
  // 270/364: Bowling Green, Owensboro, Paducah and Hopkinsville (Central) outnumber Elizabethtown (Eastern).
  { region: 'Western Kentucky', country: 'US', zone: CT, codes: '270 364' },
  { region: 'Louisiana', country: 'US', zone: CT, codes: '225 318 337 504 985' },
  { region: 'Maine', country: 'US', zone: ET, codes: '207' },
  { region: 'Maryland', country: 'US', zone: ET, codes: '227 240 301 410 443 667' },
  { region: 'Massachusetts', country: 'US', zone: ET, codes: '339 351 413 508 617 774 781 857 978' },
  // 906: the Upper Peninsula is Eastern except four counties on the Wisconsin border.
  {
    region: 'Michigan',
    country: 'US',
    zone: 'America/Detroit',
    codes: '231 248 269 313 517 586 616 734 810 906 947 989',
  },
  { region: 'Minnesota', country: 'US', zone: CT, codes: '218 320 507 612 651 763 952' },
  { region: 'Mississippi', country: 'US', zone: CT, codes: '228 601 662 769' },
  { region: 'Missouri', country: 'US', zone: CT, codes: '235 314 417 557 573 636 660 816 975' },
  { region: 'Montana', country: 'US', zone: MT, codes: '406' },
  // 308: Grand Island, Kearney and North Platte are Central; only the Panhandle is Mountain.
  { region: 'Nebraska', country: 'US', zone: CT, codes: '308 402 531' },
  { region: 'Nevada', country: 'US', zone: PT, codes: '702 725 775' },
  { region: 'New Hampshire', country: 'US', zone: ET, codes: '603' },
  { region: 'New Jersey', country: 'US', zone: ET, codes: '201 551 609 640 732 848 856 862 908 973' },
  { region: 'New Mexico', country: 'US', zone: MT, codes: '505 575' },
  {
    region: 'New York',
    country: 'US',
    zone: ET,
    codes: '212 315 329 332 347 363 516 518 585 607 631 646 680 716 718 838 845 914 917 929 934',
  },
  { region: 'North Carolina', country: 'US', zone: ET, codes: '252 336 472 704 743 828 910 919 980 984' },
  // 701: Fargo, Bismarck, Grand Forks and Minot are Central; only the southwest is Mountain.
  { region: 'North Dakota', country: 'US', zone: CT, codes: '701' },
  {
    region: 'Ohio',
    country: 'US',
    zone: ET,
    codes: '216 220 234 283 326 330 380 419 440 513 567 614 740 937',
  },
  { region: 'Oklahoma', country: 'US', zone: CT, codes: '405 539 572 580 918' },
  { region: 'Oregon', country: 'US', zone: PT, codes: '458 503 541 971' },
  {
    region: 'Pennsylvania',
    country: 'US',
    zone: ET,
    codes: '215 223 267 272 412 445 484 570 582 610 717 724 814 835 878',
  },
  { region: 'Rhode Island', country: 'US', zone: ET, codes: '401' },
  { region: 'South Carolina', country: 'US', zone: ET, codes: '803 821 839 843 854 864' },
  // 605: Sioux Falls and the east are Central; Rapid City and the west are Mountain.
  { region: 'South Dakota', country: 'US', zone: CT, codes: '605' },
  // 423: Chattanooga and the Tri-Cities are Eastern.
  { region: 'East Tennessee', country: 'US', zone: ET, codes: '423 865' },
  { region: 'Middle and West Tennessee', country: 'US', zone: CT, codes: '615 629 731 901 931' },
  {
    region: 'Texas',
    country: 'US',
    zone: CT,
    codes:
      '210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 936 940 945 956 972 979',
  },
  { region: 'El Paso, Texas', country: 'US', zone: MT, codes: '915' },
  { region: 'Utah', country: 'US', zone: MT, codes: '385 435 801' },
  { region: 'Vermont', country: 'US', zone: ET, codes: '802' },
  { region: 'Virginia', country: 'US', zone: ET, codes: '276 434 540 571 686 703 757 804 826 948' },
  { region: 'Washington', country: 'US', zone: PT, codes: '206 253 360 425 509 564' },
  { region: 'West Virginia', country: 'US', zone: ET, codes: '304 681' },
  { region: 'Wisconsin', country: 'US', zone: CT, codes: '262 274 353 414 534 608 715 920' },
  { region: 'Wyoming', country: 'US', zone: MT, codes: '307' },

  // United States territories
  { region: 'Puerto Rico', country: 'PR', zone: 'America/Puerto_Rico', codes: '787 939' },
  { region: 'U.S. Virgin Islands', country: 'VI', zone: 'America/St_Thomas', codes: '340' },
  { region: 'Guam', country: 'GU', zone: 'Pacific/Guam', codes: '671' },
  { region: 'Northern Mariana Islands', country: 'MP', zone: 'Pacific/Saipan', codes: '670' },
  { region: 'American Samoa', country: 'AS', zone: 'Pacific/Pago_Pago', codes: '684' },

  // Canada
  { region: 'Alberta', country: 'CA', zone: 'America/Edmonton', codes: '368 403 587 780 825' },
  // 250: Vancouver Island and the Interior; only the Kootenays and Peace River are on other clocks.
  { region: 'British Columbia', country: 'CA', zone: 'America/Vancouver', codes: '236 250 257 604 672 778' },
  { region: 'Manitoba', country: 'CA', zone: 'America/Winnipeg', codes: '204 431 584' },
  { region: 'New Brunswick', country: 'CA', zone: 'America/Moncton', codes: '428 506' },
  { region: 'Newfoundland and Labrador', country: 'CA', zone: 'America/St_Johns', codes: '709 879' },
  {
    region: 'Nova Scotia and Prince Edward Island',
    country: 'CA',
    zone: 'America/Halifax',
    codes: '782 902',
  },
  // 807: Thunder Bay (Eastern) outnumbers Kenora and Dryden (Central).
  {
    region: 'Ontario',
    country: 'CA',
    zone: 'America/Toronto',
    codes: '226 249 289 343 365 382 416 437 519 548 613 647 683 705 742 753 807 905 942',
  },
  {
    region: 'Quebec',
    country: 'CA',
    zone: 'America/Toronto',
    codes: '263 354 367 418 438 450 468 514 579 581 819 873',
  },
  {
    region: 'Saskatchewan (no daylight saving time)',
    country: 'CA',
    zone: 'America/Regina',
    codes: '306 474 639',
  },
  // 867: the Northwest Territories and western Nunavut (Mountain) outnumber Yukon and eastern Nunavut.
  {
    region: 'Yukon, Northwest Territories and Nunavut',
    country: 'CA',
    zone: 'America/Edmonton',
    codes: '867',
  },

  // Caribbean and Atlantic members of the plan
  { region: 'Anguilla', country: 'AI', zone: 'America/Anguilla', codes: '264' },
  { region: 'Antigua and Barbuda', country: 'AG', zone: 'America/Antigua', codes: '268' },
  { region: 'Bahamas', country: 'BS', zone: 'America/Nassau', codes: '242' },
  { region: 'Barbados', country: 'BB', zone: 'America/Barbados', codes: '246' },
  { region: 'Bermuda', country: 'BM', zone: 'Atlantic/Bermuda', codes: '441' },
  { region: 'British Virgin Islands', country: 'VG', zone: 'America/Tortola', codes: '284' },
  { region: 'Cayman Islands', country: 'KY', zone: 'America/Cayman', codes: '345' },
  { region: 'Dominica', country: 'DM', zone: 'America/Dominica', codes: '767' },
  { region: 'Dominican Republic', country: 'DO', zone: 'America/Santo_Domingo', codes: '809 829 849' },
  { region: 'Grenada', country: 'GD', zone: 'America/Grenada', codes: '473' },
  { region: 'Jamaica', country: 'JM', zone: 'America/Jamaica', codes: '658 876' },
  { region: 'Montserrat', country: 'MS', zone: 'America/Montserrat', codes: '664' },
  { region: 'Saint Kitts and Nevis', country: 'KN', zone: 'America/St_Kitts', codes: '869' },
  { region: 'Saint Lucia', country: 'LC', zone: 'America/St_Lucia', codes: '758' },
  { region: 'Saint Vincent and the Grenadines', country: 'VC', zone: 'America/St_Vincent', codes: '784' },
  { region: 'Sint Maarten', country: 'SX', zone: 'America/Lower_Princes', codes: '721' },
  { region: 'Trinidad and Tobago', country: 'TT', zone: 'America/Port_of_Spain', codes: '868' },
  { region: 'Turks and Caicos Islands', country: 'TC', zone: 'America/Grand_Turk', codes: '649' },
];

/** An area code's country and zone. */
export interface NanpArea {
  readonly country: CountryCode;
  readonly zone: string;
}

/** `NANP_REGIONS` indexed by area code. */
export const NANP_AREA_CODES: ReadonlyMap<string, NanpArea> = new Map(
  NANP_REGIONS.flatMap(({ country, zone, codes }) =>
    codes.split(' ').map((code): [string, NanpArea] => [code, { country, zone }]),
  ),
);

/**
 * The main zone of each country outside the NANP. Where several countries share a calling code, the main
 * one comes first (GB before GG, IM and JE; RU before KZ …): numbers whose country is unknown use it.
 */
export const COUNTRY_ZONES: Readonly<Partial<Record<CountryCode, string>>> = {
  // Europe
  GB: 'Europe/London',
  GG: 'Europe/Guernsey',
  IM: 'Europe/Isle_of_Man',
  JE: 'Europe/Jersey',
  IE: 'Europe/Dublin',
  FR: 'Europe/Paris',
  MC: 'Europe/Monaco',
  DE: 'Europe/Berlin',
  ES: 'Europe/Madrid',
  AD: 'Europe/Andorra',
  PT: 'Europe/Lisbon',
  IT: 'Europe/Rome',
  VA: 'Europe/Vatican',
  SM: 'Europe/San_Marino',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  LU: 'Europe/Luxembourg',
  CH: 'Europe/Zurich',
  LI: 'Europe/Vaduz',
  AT: 'Europe/Vienna',
  DK: 'Europe/Copenhagen',
  FO: 'Atlantic/Faroe',
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  FI: 'Europe/Helsinki',
  AX: 'Europe/Mariehamn',
  IS: 'Atlantic/Reykjavik',
  PL: 'Europe/Warsaw',
  CZ: 'Europe/Prague',
  SK: 'Europe/Bratislava',
  HU: 'Europe/Budapest',
  SI: 'Europe/Ljubljana',
  HR: 'Europe/Zagreb',
  BA: 'Europe/Sarajevo',
  RS: 'Europe/Belgrade',
  ME: 'Europe/Podgorica',
  MK: 'Europe/Skopje',
  AL: 'Europe/Tirane',
  XK: 'Europe/Belgrade',
  RO: 'Europe/Bucharest',
  MD: 'Europe/Chisinau',
  BG: 'Europe/Sofia',
  GR: 'Europe/Athens',
  CY: 'Asia/Nicosia',
  TR: 'Europe/Istanbul',
  EE: 'Europe/Tallinn',
  LV: 'Europe/Riga',
  LT: 'Europe/Vilnius',
  UA: 'Europe/Kyiv',
  BY: 'Europe/Minsk',
  RU: 'Europe/Moscow',
  GE: 'Asia/Tbilisi',
  AM: 'Asia/Yerevan',
  AZ: 'Asia/Baku',
  GI: 'Europe/Gibraltar',

  // Middle East and Asia
  IL: 'Asia/Jerusalem',
  PS: 'Asia/Hebron',
  JO: 'Asia/Amman',
  LB: 'Asia/Beirut',
  SY: 'Asia/Damascus',
  IQ: 'Asia/Baghdad',
  IR: 'Asia/Tehran',
  SA: 'Asia/Riyadh',
  AE: 'Asia/Dubai',
  QA: 'Asia/Qatar',
  BH: 'Asia/Bahrain',
  KW: 'Asia/Kuwait',
  OM: 'Asia/Muscat',
  YE: 'Asia/Aden',
  KZ: 'Asia/Almaty',
  UZ: 'Asia/Tashkent',
  KG: 'Asia/Bishkek',
  TJ: 'Asia/Dushanbe',
  TM: 'Asia/Ashgabat',
  AF: 'Asia/Kabul',
  PK: 'Asia/Karachi',
  IN: 'Asia/Kolkata',
  NP: 'Asia/Kathmandu',
  BD: 'Asia/Dhaka',
  LK: 'Asia/Colombo',
  MV: 'Indian/Maldives',
  CN: 'Asia/Shanghai',
  HK: 'Asia/Hong_Kong',
  MO: 'Asia/Macau',
  TW: 'Asia/Taipei',
  MN: 'Asia/Ulaanbaatar',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
  MM: 'Asia/Yangon',
  TH: 'Asia/Bangkok',
  KH: 'Asia/Phnom_Penh',
  LA: 'Asia/Vientiane',
  VN: 'Asia/Ho_Chi_Minh',
  MY: 'Asia/Kuala_Lumpur',
  SG: 'Asia/Singapore',
  BN: 'Asia/Brunei',
  ID: 'Asia/Jakarta',
  PH: 'Asia/Manila',

  // Oceania
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  FJ: 'Pacific/Fiji',
  PG: 'Pacific/Port_Moresby',
  NC: 'Pacific/Noumea',
  PF: 'Pacific/Tahiti',
  WS: 'Pacific/Apia',
  TO: 'Pacific/Tongatapu',

  // Africa
  EG: 'Africa/Cairo',
  MA: 'Africa/Casablanca',
  DZ: 'Africa/Algiers',
  TN: 'Africa/Tunis',
  LY: 'Africa/Tripoli',
  SD: 'Africa/Khartoum',
  NG: 'Africa/Lagos',
  GH: 'Africa/Accra',
  CI: 'Africa/Abidjan',
  SN: 'Africa/Dakar',
  ML: 'Africa/Bamako',
  BF: 'Africa/Ouagadougou',
  NE: 'Africa/Niamey',
  GN: 'Africa/Conakry',
  SL: 'Africa/Freetown',
  LR: 'Africa/Monrovia',
  BJ: 'Africa/Porto-Novo',
  TG: 'Africa/Lome',
  CM: 'Africa/Douala',
  TD: 'Africa/Ndjamena',
  CD: 'Africa/Kinshasa',
  AO: 'Africa/Luanda',
  ET: 'Africa/Addis_Ababa',
  KE: 'Africa/Nairobi',
  UG: 'Africa/Kampala',
  TZ: 'Africa/Dar_es_Salaam',
  RW: 'Africa/Kigali',
  SO: 'Africa/Mogadishu',
  ZA: 'Africa/Johannesburg',
  NA: 'Africa/Windhoek',
  BW: 'Africa/Gaborone',
  ZW: 'Africa/Harare',
  ZM: 'Africa/Lusaka',
  MW: 'Africa/Blantyre',
  MZ: 'Africa/Maputo',
  MG: 'Indian/Antananarivo',
  MU: 'Indian/Mauritius',
  RE: 'Indian/Reunion',

  // Latin America
  MX: 'America/Mexico_City',
  GT: 'America/Guatemala',
  BZ: 'America/Belize',
  SV: 'America/El_Salvador',
  HN: 'America/Tegucigalpa',
  NI: 'America/Managua',
  CR: 'America/Costa_Rica',
  PA: 'America/Panama',
  CU: 'America/Havana',
  HT: 'America/Port-au-Prince',
  GP: 'America/Guadeloupe',
  MQ: 'America/Martinique',
  CW: 'America/Curacao',
  AW: 'America/Aruba',
  CO: 'America/Bogota',
  VE: 'America/Caracas',
  EC: 'America/Guayaquil',
  PE: 'America/Lima',
  BO: 'America/La_Paz',
  CL: 'America/Santiago',
  AR: 'America/Argentina/Buenos_Aires',
  UY: 'America/Montevideo',
  PY: 'America/Asuncion',
  BR: 'America/Sao_Paulo',
  GY: 'America/Guyana',
  SR: 'America/Paramaribo',
  GF: 'America/Cayenne',
  PM: 'America/Miquelon',
  GL: 'America/Nuuk',
};

/**
 * Zones by the leading digits of the national number, for countries that span zones. The longest matching
 * prefix wins; numbers matching none use the country's zone in `COUNTRY_ZONES`.
 */
export const NATIONAL_PREFIX_ZONES: Readonly<Partial<Record<CountryCode, Readonly<Record<string, string>>>>> =
  {
    // Area digit after +61; mobiles (4) and non-geographic numbers stay on Sydney.
    AU: {
      '2': 'Australia/Sydney',
      '3': 'Australia/Melbourne',
      '4': 'Australia/Sydney',
      '7': 'Australia/Brisbane',
      '8': 'Australia/Perth',
      '87': 'Australia/Adelaide',
      '88': 'Australia/Adelaide',
      '889': 'Australia/Darwin',
    },
    // Two-digit DDD area codes; the rest (south, southeast, DF and Goiás) is on São Paulo time.
    BR: {
      '63': 'America/Araguaina',
      '65': 'America/Cuiaba',
      '66': 'America/Cuiaba',
      '67': 'America/Campo_Grande',
      '68': 'America/Rio_Branco',
      '69': 'America/Porto_Velho',
      '71': 'America/Bahia',
      '73': 'America/Bahia',
      '74': 'America/Bahia',
      '75': 'America/Bahia',
      '77': 'America/Bahia',
      '79': 'America/Maceio',
      '81': 'America/Recife',
      '82': 'America/Maceio',
      '83': 'America/Fortaleza',
      '84': 'America/Fortaleza',
      '85': 'America/Fortaleza',
      '86': 'America/Fortaleza',
      '87': 'America/Recife',
      '88': 'America/Fortaleza',
      '89': 'America/Fortaleza',
      '91': 'America/Belem',
      '92': 'America/Manaus',
      '93': 'America/Santarem',
      '94': 'America/Belem',
      '95': 'America/Boa_Vista',
      '96': 'America/Belem',
      '97': 'America/Manaus',
      '98': 'America/Fortaleza',
      '99': 'America/Fortaleza',
    },
    // The Canary Islands' landlines.
    ES: {
      '822': 'Atlantic/Canary',
      '828': 'Atlantic/Canary',
      '922': 'Atlantic/Canary',
      '928': 'Atlantic/Canary',
    },
    // Area codes of the states off Mexico City time; the rest of the country is on it.
    MX: {
      // Baja California
      '616': 'America/Tijuana',
      '646': 'America/Tijuana',
      '658': 'America/Tijuana',
      '661': 'America/Tijuana',
      '664': 'America/Tijuana',
      '665': 'America/Tijuana',
      '686': 'America/Tijuana',
      // Baja California Sur, Sinaloa and Nayarit
      '311': 'America/Mazatlan',
      '612': 'America/Mazatlan',
      '613': 'America/Mazatlan',
      '615': 'America/Mazatlan',
      '624': 'America/Mazatlan',
      '667': 'America/Mazatlan',
      '668': 'America/Mazatlan',
      '669': 'America/Mazatlan',
      '672': 'America/Mazatlan',
      '673': 'America/Mazatlan',
      '687': 'America/Mazatlan',
      // Sonora (no daylight saving time)
      '622': 'America/Hermosillo',
      '631': 'America/Hermosillo',
      '633': 'America/Hermosillo',
      '637': 'America/Hermosillo',
      '638': 'America/Hermosillo',
      '642': 'America/Hermosillo',
      '644': 'America/Hermosillo',
      '645': 'America/Hermosillo',
      '653': 'America/Hermosillo',
      '662': 'America/Hermosillo',
      // Ciudad Juárez keeps US Mountain time
      '656': 'America/Ciudad_Juarez',
      // Quintana Roo
      '983': 'America/Cancun',
      '984': 'America/Cancun',
      '987': 'America/Cancun',
      '998': 'America/Cancun',
    },
    // Madeira and the Azores' landlines.
    PT: {
      '291': 'Atlantic/Madeira',
      '292': 'Atlantic/Azores',
      '295': 'Atlantic/Azores',
      '296': 'Atlantic/Azores',
    },
  };
