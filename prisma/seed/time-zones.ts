import type { Prisma } from '../../server/generated/prisma/client.ts';

/** Zones the product relies on; added by hand when the runtime does not list them. */
export const REQUIRED_TIME_ZONES = ['Asia/Shanghai', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Hong_Kong', 'UTC'] as const;

/** Chinese names of the cities used in IANA zone names; other cities keep their English name. */
const CITY_ZH: Record<string, string> = {
  Shanghai: '上海',
  Hong_Kong: '香港',
  Macau: '澳门',
  Taipei: '台北',
  Urumqi: '乌鲁木齐',
  Chongqing: '重庆',
  Chungking: '重庆',
  Harbin: '哈尔滨',
  Tokyo: '东京',
  Seoul: '首尔',
  Pyongyang: '平壤',
  Ulaanbaatar: '乌兰巴托',
  Singapore: '新加坡',
  Kuala_Lumpur: '吉隆坡',
  Bangkok: '曼谷',
  Jakarta: '雅加达',
  Manila: '马尼拉',
  Ho_Chi_Minh: '胡志明市',
  Saigon: '胡志明市',
  Phnom_Penh: '金边',
  Vientiane: '万象',
  Yangon: '仰光',
  Rangoon: '仰光',
  Brunei: '文莱',
  Kolkata: '加尔各答',
  Calcutta: '加尔各答',
  Kathmandu: '加德满都',
  Katmandu: '加德满都',
  Dhaka: '达卡',
  Colombo: '科伦坡',
  Karachi: '卡拉奇',
  Kabul: '喀布尔',
  Tashkent: '塔什干',
  Almaty: '阿拉木图',
  Dubai: '迪拜',
  Muscat: '马斯喀特',
  Tehran: '德黑兰',
  Baghdad: '巴格达',
  Riyadh: '利雅得',
  Kuwait: '科威特',
  Qatar: '卡塔尔',
  Bahrain: '巴林',
  Baku: '巴库',
  Tbilisi: '第比利斯',
  Yerevan: '埃里温',
  Jerusalem: '耶路撒冷',
  Beirut: '贝鲁特',
  Amman: '安曼',
  Istanbul: '伊斯坦布尔',
  Moscow: '莫斯科',
  Vladivostok: '符拉迪沃斯托克',
  Novosibirsk: '新西伯利亚',
  Yekaterinburg: '叶卡捷琳堡',
  London: '伦敦',
  Dublin: '都柏林',
  Lisbon: '里斯本',
  Paris: '巴黎',
  Berlin: '柏林',
  Madrid: '马德里',
  Rome: '罗马',
  Amsterdam: '阿姆斯特丹',
  Brussels: '布鲁塞尔',
  Zurich: '苏黎世',
  Vienna: '维也纳',
  Stockholm: '斯德哥尔摩',
  Oslo: '奥斯陆',
  Copenhagen: '哥本哈根',
  Helsinki: '赫尔辛基',
  Warsaw: '华沙',
  Prague: '布拉格',
  Budapest: '布达佩斯',
  Athens: '雅典',
  Kiev: '基辅',
  Kyiv: '基辅',
  Bucharest: '布加勒斯特',
  Monaco: '摩纳哥',
  Luxembourg: '卢森堡',
  Malta: '马耳他',
  Reykjavik: '雷克雅未克',
  Cairo: '开罗',
  Johannesburg: '约翰内斯堡',
  Lagos: '拉各斯',
  Nairobi: '内罗毕',
  Casablanca: '卡萨布兰卡',
  Addis_Ababa: '亚的斯亚贝巴',
  Accra: '阿克拉',
  New_York: '纽约',
  Chicago: '芝加哥',
  Denver: '丹佛',
  Los_Angeles: '洛杉矶',
  Phoenix: '凤凰城',
  Detroit: '底特律',
  Anchorage: '安克雷奇',
  Honolulu: '檀香山',
  Toronto: '多伦多',
  Vancouver: '温哥华',
  Edmonton: '埃德蒙顿',
  Winnipeg: '温尼伯',
  Halifax: '哈利法克斯',
  St_Johns: '圣约翰斯',
  Mexico_City: '墨西哥城',
  Havana: '哈瓦那',
  Panama: '巴拿马',
  Jamaica: '牙买加',
  Puerto_Rico: '波多黎各',
  Sao_Paulo: '圣保罗',
  Buenos_Aires: '布宜诺斯艾利斯',
  Santiago: '圣地亚哥',
  Lima: '利马',
  Bogota: '波哥大',
  Caracas: '加拉加斯',
  Montevideo: '蒙得维的亚',
  Sydney: '悉尼',
  Melbourne: '墨尔本',
  Brisbane: '布里斯班',
  Perth: '珀斯',
  Adelaide: '阿德莱德',
  Darwin: '达尔文',
  Hobart: '霍巴特',
  Auckland: '奥克兰',
  Fiji: '斐济',
  Guam: '关岛',
  Tahiti: '塔希提',
};

const REFERENCE_INSTANT = new Date(Date.UTC(2026, 8, 1));
const OFFSET_ONLY = /^(GMT|UTC)([+-]\d{1,2}(:\d{2})?)?$/;

function zoneNamePart(locale: string, timeZone: string, style: 'longGeneric' | 'long' | 'longOffset'): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(REFERENCE_INSTANT);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** UTC offset in minutes at the seed's reference date (so the order is stable). */
function offsetMinutes(timeZone: string): number {
  const match = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(zoneNamePart('en-US', timeZone, 'longOffset'));
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The generic zone name, or the plain (possibly daylight) name, or null when Intl knows only an offset. */
function zoneTitle(locale: string, timeZone: string): string | null {
  for (const style of ['longGeneric', 'long'] as const) {
    const name = zoneNamePart(locale, timeZone, style);
    if (name && !OFFSET_ONLY.test(name)) return name;
  }
  return null;
}

function cityOf(timeZone: string): string | null {
  if (!timeZone.includes('/') || timeZone.startsWith('Etc/')) return null;
  return timeZone.slice(timeZone.lastIndexOf('/') + 1);
}

function label(title: string | null, city: string | null, timeZone: string, offset: string): string {
  if (!title) return `${timeZone} (${offset})`;
  return city ? `${title} (${city})` : title;
}

export function buildTimeZones(): Prisma.SysTimeZoneCreateManyInput[] {
  const names = new Set<string>(Intl.supportedValuesOf('timeZone'));
  for (const zone of REQUIRED_TIME_ZONES) names.add(zone);

  const zones = [...names].map((name) => {
    const city = cityOf(name);
    const offset = zoneNamePart('en-US', name, 'longOffset');
    return {
      name,
      offset: offsetMinutes(name),
      nameZh: label(zoneTitle('zh-CN', name), city ? (CITY_ZH[city] ?? city.replace(/_/g, ' ')) : null, name, offset),
      nameEn: label(zoneTitle('en-US', name), city ? city.replace(/_/g, ' ') : null, name, offset),
    };
  });
  zones.sort((a, b) => a.offset - b.offset || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return zones.map((zone, index) => ({ id: index + 1, name: zone.name, nameZh: zone.nameZh, nameEn: zone.nameEn, sort: index }));
}
