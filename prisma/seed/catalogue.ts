/** Fixed, hand-written demo content. Generated (scaled) rows are built from the pools below. */

export const PROJECT_STATES = [
  { code: 1, name: '筹备中', nameEn: 'Preparing' },
  { code: 2, name: '进行中', nameEn: 'In progress' },
  { code: 3, name: '已暂停', nameEn: 'Paused' },
  { code: 4, name: '已完成', nameEn: 'Finished' },
  { code: 5, name: '已取消', nameEn: 'Cancelled' },
] as const;

export type DepartmentKey = 'hq' | 'admissions' | 'us' | 'uk' | 'training' | 'sales' | 'partners' | 'ops';

/** Listed parents first; `manager` is the account of the department head. */
export const DEPARTMENTS: { key: DepartmentKey; name: string; nameEn: string; parent: DepartmentKey | null; manager: string }[] = [
  { key: 'hq', name: '总部', nameEn: 'Head office', parent: null, manager: 'zhou.jianguo' },
  { key: 'admissions', name: '留学咨询部', nameEn: 'Admissions Consulting', parent: 'hq', manager: 'manager' },
  { key: 'us', name: '美国组', nameEn: 'US team', parent: 'admissions', manager: 'wang.fang' },
  { key: 'uk', name: '英国组', nameEn: 'UK team', parent: 'admissions', manager: 'lin.xiao' },
  { key: 'training', name: '培训部', nameEn: 'Training', parent: 'hq', manager: 'wu.haiyan' },
  { key: 'sales', name: '市场销售部', nameEn: 'Sales & Marketing', parent: 'hq', manager: 'zheng.kai' },
  { key: 'partners', name: '合作伙伴', nameEn: 'Partners', parent: 'hq', manager: 'deng.wei' },
  { key: 'ops', name: '行政与技术', nameEn: 'Operations & IT', parent: 'hq', manager: 'admin' },
];

export type RoleCode = 'admin' | 'manager' | 'consultant' | 'lecturer' | 'sales' | 'partner' | 'parent' | 'student';

export const ROLES: { code: RoleCode; name: string; nameEn: string; description: string; descriptionEn: string; types: number[]; terminals: string[] }[] = [
  {
    code: 'admin',
    name: '管理员',
    nameEn: 'Administrator',
    description: '系统管理：角色、权限、字典与全部数据',
    descriptionEn: 'System administration: roles, rights, dictionary and all data',
    types: [1],
    terminals: ['PC', 'MOBILE'],
  },
  {
    code: 'manager',
    name: '经理',
    nameEn: 'Manager',
    description: '部门与项目负责人，查看全部业务数据',
    descriptionEn: 'Heads of departments and projects; sees all business data',
    types: [1],
    terminals: ['PC', 'MOBILE'],
  },
  {
    code: 'consultant',
    name: '顾问',
    nameEn: 'Consultant',
    description: '负责学员档案、选校与申请进度',
    descriptionEn: 'Student archives, school lists and application progress',
    types: [1],
    terminals: ['PC', 'MOBILE'],
  },
  { code: 'lecturer', name: '讲师', nameEn: 'Lecturer', description: '负责课程、课时与学员反馈', descriptionEn: 'Courses, course hours and student feedback', types: [1], terminals: ['PC', 'MOBILE'] },
  { code: 'sales', name: '销售', nameEn: 'Sales', description: '招生咨询与签约，新建学员档案', descriptionEn: 'Enquiries and contracts; opens student archives', types: [1], terminals: ['PC'] },
  { code: 'partner', name: '合作伙伴', nameEn: 'Partner', description: '合作机构人员，查看学校库与通知', descriptionEn: 'Partner-agency staff; school database and notices', types: [1], terminals: ['PC'] },
  { code: 'parent', name: '家长', nameEn: 'Parent', description: '学员家长，在移动端查看日程与申请进度', descriptionEn: 'Parents; schedule and application progress on mobile', types: [2], terminals: ['PC', 'MOBILE'] },
  { code: 'student', name: '学生', nameEn: 'Student', description: '学员，在移动端签到、上传作业', descriptionEn: 'Students; sign-in and homework on mobile', types: [3], terminals: ['PC', 'MOBILE'] },
];

export const ADMIN_PASSWORD = 'Admin#2026';
export const STAFF_PASSWORD = 'Staff#2026';

export type StaffSeed = {
  account: string;
  name: string;
  nameEn: string;
  gender: 1 | 2;
  role: RoleCode;
  department: DepartmentKey;
  timeZone?: string;
  language?: 0 | 1;
  /** 1 full-time, 2 part-time, 3 deactivated. */
  state?: 1 | 2 | 3;
  sendMail?: boolean;
  password?: 'admin' | 'staff';
};

/** The fixed staff. The first six are the demo logins, one per staff role. */
export const STAFF: StaffSeed[] = [
  { account: 'admin', name: '陈立新', nameEn: 'Lixin Chen', gender: 1, role: 'admin', department: 'ops', sendMail: true, password: 'admin' },
  { account: 'manager', name: '刘婧', nameEn: 'Jing Liu', gender: 2, role: 'manager', department: 'admissions', sendMail: true },
  { account: 'consultant', name: '张晓雯', nameEn: 'Xiaowen Zhang', gender: 2, role: 'consultant', department: 'us', sendMail: true },
  { account: 'lecturer', name: '李明哲', nameEn: 'Mingzhe Li', gender: 1, role: 'lecturer', department: 'training' },
  { account: 'sales', name: '赵磊', nameEn: 'Lei Zhao', gender: 1, role: 'sales', department: 'sales' },
  { account: 'partner', name: '孙悦', nameEn: 'Yue Sun', gender: 2, role: 'partner', department: 'partners' },
  { account: 'zhou.jianguo', name: '周建国', nameEn: 'Jianguo Zhou', gender: 1, role: 'manager', department: 'hq', sendMail: true },
  { account: 'wu.haiyan', name: '吴海燕', nameEn: 'Haiyan Wu', gender: 2, role: 'manager', department: 'training', sendMail: true },
  { account: 'zheng.kai', name: '郑凯', nameEn: 'Kai Zheng', gender: 1, role: 'manager', department: 'sales' },
  { account: 'wang.fang', name: '王芳', nameEn: 'Fang Wang', gender: 2, role: 'consultant', department: 'us', sendMail: true },
  { account: 'lin.xiao', name: '林晓', nameEn: 'Xiao Lin', gender: 2, role: 'consultant', department: 'uk', sendMail: true },
  { account: 'yang.fan', name: '杨帆', nameEn: 'Fan Yang', gender: 1, role: 'consultant', department: 'us', timeZone: 'America/New_York', language: 1 },
  { account: 'huang.siqi', name: '黄思琪', nameEn: 'Siqi Huang', gender: 2, role: 'consultant', department: 'uk', timeZone: 'Europe/London', language: 1, sendMail: true },
  { account: 'he.yutong', name: '何雨桐', nameEn: 'Yutong He', gender: 2, role: 'consultant', department: 'us', timeZone: 'America/Los_Angeles' },
  { account: 'ma.chao', name: '马超', nameEn: 'Chao Ma', gender: 1, role: 'consultant', department: 'us' },
  { account: 'xu.jing', name: '徐静', nameEn: 'Jing Xu', gender: 2, role: 'consultant', department: 'uk' },
  { account: 'hu.wei', name: '胡伟', nameEn: 'Wei Hu', gender: 1, role: 'lecturer', department: 'training' },
  { account: 'gao.min', name: '高敏', nameEn: 'Min Gao', gender: 2, role: 'lecturer', department: 'training', sendMail: true },
  { account: 'luo.dan', name: '罗丹', nameEn: 'Dan Luo', gender: 2, role: 'lecturer', department: 'training', state: 2 },
  { account: 'liang.zihan', name: '梁子涵', nameEn: 'Zihan Liang', gender: 1, role: 'lecturer', department: 'training', timeZone: 'America/New_York', state: 2 },
  { account: 'song.jia', name: '宋佳', nameEn: 'Jia Song', gender: 2, role: 'lecturer', department: 'training' },
  { account: 'david.miller', name: '大卫·米勒', nameEn: 'David Miller', gender: 1, role: 'lecturer', department: 'training', timeZone: 'Europe/London', language: 1, state: 2 },
  { account: 'xie.na', name: '谢娜', nameEn: 'Na Xie', gender: 2, role: 'sales', department: 'sales', sendMail: true },
  { account: 'han.bing', name: '韩冰', nameEn: 'Bing Han', gender: 1, role: 'sales', department: 'sales' },
  { account: 'tang.liang', name: '唐亮', nameEn: 'Liang Tang', gender: 1, role: 'sales', department: 'sales' },
  { account: 'feng.xue', name: '冯雪', nameEn: 'Xue Feng', gender: 2, role: 'sales', department: 'sales' },
  { account: 'deng.wei', name: '邓伟', nameEn: 'Wei Deng', gender: 1, role: 'partner', department: 'partners', sendMail: true },
  { account: 'cao.ying', name: '曹颖', nameEn: 'Ying Cao', gender: 2, role: 'partner', department: 'partners' },
  { account: 'peng.tao', name: '彭涛', nameEn: 'Tao Peng', gender: 1, role: 'admin', department: 'ops' },
  { account: 'former.staff', name: '蒋文', nameEn: 'Wen Jiang', gender: 1, role: 'consultant', department: 'uk', state: 3 },
];

export type ProjectSeed = {
  code: string;
  name: string;
  nameEn: string;
  state: 1 | 2 | 3 | 4 | 5;
  manager: string;
  createdBy: string;
  /** First and last day, in days from the seed's today (as written for 2026-09-01: -92 is 2026-06-01). */
  startDay: number;
  endDay: number;
  description: string;
};

export const PROJECTS: ProjectSeed[] = [
  {
    code: 'P2027-US',
    name: '2027 美高申请季',
    nameEn: '2027 US boarding school admissions',
    state: 2,
    manager: 'manager',
    createdBy: 'manager',
    startDay: -92,
    endDay: 195,
    description: '2027 年秋季入学美国寄宿高中申请：选校、文书、面试与递交。',
  },
  {
    code: 'P2027-UK',
    name: '2027 英高申请',
    nameEn: 'UK independent schools 2027',
    state: 2,
    manager: 'lin.xiao',
    createdBy: 'manager',
    startDay: -62,
    endDay: 152,
    description: '英国私立寄宿学校 13+/16+ 申请，含 UKiset 备考与学校面试。',
  },
  {
    code: 'P2026-SSATW',
    name: 'SSAT 冬季集训营',
    nameEn: 'SSAT winter intensive',
    state: 1,
    manager: 'wu.haiyan',
    createdBy: 'manager',
    startDay: 110,
    endDay: 145,
    description: '寒假 SSAT 封闭集训，词汇、阅读、数学与模考。',
  },
  {
    code: 'P2026-TJ',
    name: 'TOEFL Junior 强化班',
    nameEn: 'TOEFL Junior intensive',
    state: 2,
    manager: 'consultant',
    createdBy: 'manager',
    startDay: -50,
    endDay: 108,
    description: '周末小班课，目标 TOEFL Junior 850+。',
  },
  {
    code: 'P2026-SUMMER',
    name: '2026 夏校项目',
    nameEn: 'Summer programmes 2026',
    state: 4,
    manager: 'yang.fan',
    createdBy: 'manager',
    startDay: -234,
    endDay: -12,
    description: '美国寄宿学校夏校申请、签证与行前培训。',
  },
  {
    code: 'P2026-TOUR',
    name: '新英格兰学校考察之旅',
    nameEn: 'New England school visit tour',
    state: 3,
    manager: 'he.yutong',
    createdBy: 'manager',
    startDay: 40,
    endDay: 54,
    description: '家长与学生赴美东参观 8 所寄宿学校；签证排期原因暂停。',
  },
  { code: 'P2026-CRM', name: 'CRM 系统迁移', nameEn: 'CRM migration', state: 2, manager: 'zhou.jianguo', createdBy: 'admin', startDay: -118, endDay: 121, description: '旧 CRM 数据迁移到新后台：档案、课程与申请进度。' },
  {
    code: 'P2026-US',
    name: '2026 美高申请季',
    nameEn: '2026 US boarding school admissions',
    state: 4,
    manager: 'manager',
    createdBy: 'admin',
    startDay: -457,
    endDay: -144,
    description: '2026 年秋季入学美高申请，已全部放榜。',
  },
  {
    code: 'P2026-UKWEB',
    name: '英国寄宿学校线上说明会',
    nameEn: 'UK boarding schools online info sessions',
    state: 5,
    manager: 'huang.siqi',
    createdBy: 'manager',
    startDay: -109,
    endDay: -63,
    description: '与英国学校合办的线上说明会，因学校日程调整取消。',
  },
  {
    code: 'P2028-JBS',
    name: '2028 低龄美高规划',
    nameEn: '2028 junior boarding school planning',
    state: 1,
    manager: 'ma.chao',
    createdBy: 'manager',
    startDay: 61,
    endDay: 561,
    description: '面向 6–7 年级学生的初中寄宿学校长期规划。',
  },
];

/**
 * Templates of generated projects (scale above 1). An admissions project is named after the
 * entry year and runs through the year before; a programme runs within its year, starting
 * inside `window` (MM-DD) when given.
 */
export const PROJECT_TEMPLATES = [
  { name: '美高申请', nameEn: 'US boarding school admissions', code: 'US', cycle: 'admissions' },
  { name: '英高申请', nameEn: 'UK independent schools', code: 'UK', cycle: 'admissions' },
  { name: 'SSAT 集训营', nameEn: 'SSAT intensive', code: 'SSAT', cycle: 'programme' },
  { name: 'TOEFL Junior 强化班', nameEn: 'TOEFL Junior intensive', code: 'TJ', cycle: 'programme' },
  { name: '夏校项目', nameEn: 'Summer programmes', code: 'SUMMER', cycle: 'programme', window: ['06-15', '07-15'] },
  { name: '学校考察之旅', nameEn: 'School visit tour', code: 'TOUR', cycle: 'programme', window: ['10-01', '11-10'] },
  { name: '面试辅导', nameEn: 'Interview coaching', code: 'INTV', cycle: 'admissions' },
  { name: '文书写作工作坊', nameEn: 'Essay writing workshop', code: 'ESSAY', cycle: 'programme' },
] as const;

export const COMPANY_USERS = [
  {
    companyName: '启航国际教育（北京）',
    name: '陈思远',
    nameEn: 'Siyuan Chen',
    title: '合作经理',
    mobile: '13911820456',
    email: 'siyuan.chen@qihang.example.com',
    remark: '北京地区转介绍合作机构 / Referral agency in Beijing',
  },
  {
    companyName: '博思考试中心（上海）',
    name: '刘洋',
    nameEn: 'Yang Liu',
    title: '考务主管',
    mobile: '13816629031',
    email: 'yang.liu@bosi-test.example.com',
    remark: 'SSAT 与 TOEFL Junior 考点 / SSAT and TOEFL Junior test centre',
  },
  {
    companyName: 'Brookfield Academy Admission Office',
    name: 'Sarah Thompson',
    nameEn: 'Sarah Thompson',
    title: 'Associate Director of Admission',
    mobile: '+1 617 555 0142',
    email: 'sthompson@brookfield.example.org',
    remark: '美国马萨诸塞州寄宿学校，10 月开放日 / Massachusetts boarding school, open day in October',
  },
  {
    companyName: "St Aldric's College Admissions",
    name: 'James Whitfield',
    nameEn: 'James Whitfield',
    title: 'Registrar',
    mobile: '+44 20 7946 0321',
    email: 'registrar@st-aldrics.example.org.uk',
    remark: '英国寄宿学校，13+ 与 16+ 入学 / UK boarding school, 13+ and 16+ entry',
  },
  {
    companyName: 'Veritas 面试评估',
    name: '周婷',
    nameEn: 'Ting Zhou',
    title: '中国区客户经理',
    mobile: '13760194418',
    email: 'ting.zhou@veritas-interview.example.com',
    remark: '第三方面试录制与评估 / Third-party recorded interviews',
  },
  {
    companyName: 'London Guardians Ltd',
    name: 'Emma Clarke',
    nameEn: 'Emma Clarke',
    title: 'Guardianship Coordinator',
    mobile: '+44 20 7946 0875',
    email: 'emma.clarke@londonguardians.example.co.uk',
    remark: '英国监护人与寄宿家庭服务 / UK guardianship and homestays',
  },
  {
    companyName: '远帆留学（深圳）',
    name: '黄志强',
    nameEn: 'Zhiqiang Huang',
    title: '总经理',
    mobile: '13925507783',
    email: 'zq.huang@yuanfan.example.com',
    remark: '华南地区合作机构，主要做英国方向 / South China partner agency, mostly UK',
  },
  {
    companyName: 'Pinewood Summer Programs',
    name: 'Michael Reed',
    nameEn: 'Michael Reed',
    title: 'Program Director',
    mobile: '+1 415 555 0199',
    email: 'mreed@pinewood-summer.example.org',
    remark: '加州夏校与营地 / California summer school and camps',
  },
] as const;

export const COMPANY_CITIES = ['北京', '上海', '广州', '深圳', '杭州', '成都', '南京', '武汉', '西安', '苏州'] as const;
export const COMPANY_BRANDS = ['启明', '远航', '博睿', '新桥', '嘉德', '格林', '卓越', '睿思', '明德', '致远'] as const;
export const COMPANY_KINDS = [
  { name: '国际教育', title: '合作经理', remark: '转介绍合作机构 / Referral agency' },
  { name: '留学服务', title: '顾问主管', remark: '留学服务合作机构 / Study-abroad services partner' },
  { name: '考试中心', title: '考务主管', remark: '标化考试考点 / Standardised-test centre' },
  { name: '国际学校', title: '升学指导', remark: '国际学校升学指导办公室 / International-school college counselling' },
] as const;

/** Name pools: [hanzi, pinyin]. */
export const SURNAMES: readonly (readonly [string, string])[] = [
  ['王', 'Wang'],
  ['李', 'Li'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
  ['杨', 'Yang'],
  ['黄', 'Huang'],
  ['赵', 'Zhao'],
  ['吴', 'Wu'],
  ['周', 'Zhou'],
  ['徐', 'Xu'],
  ['孙', 'Sun'],
  ['马', 'Ma'],
  ['朱', 'Zhu'],
  ['胡', 'Hu'],
  ['郭', 'Guo'],
  ['何', 'He'],
  ['高', 'Gao'],
  ['林', 'Lin'],
  ['罗', 'Luo'],
  ['郑', 'Zheng'],
  ['梁', 'Liang'],
  ['谢', 'Xie'],
  ['宋', 'Song'],
  ['唐', 'Tang'],
  ['许', 'Xu'],
  ['韩', 'Han'],
  ['冯', 'Feng'],
  ['邓', 'Deng'],
  ['曹', 'Cao'],
  ['彭', 'Peng'],
  ['曾', 'Zeng'],
  ['田', 'Tian'],
  ['董', 'Dong'],
  ['潘', 'Pan'],
  ['袁', 'Yuan'],
  ['蔡', 'Cai'],
  ['蒋', 'Jiang'],
  ['余', 'Yu'],
  ['叶', 'Ye'],
  ['程', 'Cheng'],
  ['苏', 'Su'],
  ['魏', 'Wei'],
  ['沈', 'Shen'],
  ['顾', 'Gu'],
];

export const ADULT_GIVEN_MALE: readonly (readonly [string, string])[] = [
  ['建华', 'Jianhua'],
  ['志强', 'Zhiqiang'],
  ['国栋', 'Guodong'],
  ['海涛', 'Haitao'],
  ['伟', 'Wei'],
  ['鹏', 'Peng'],
  ['晓东', 'Xiaodong'],
  ['立军', 'Lijun'],
  ['明', 'Ming'],
  ['勇', 'Yong'],
  ['振宇', 'Zhenyu'],
  ['永刚', 'Yonggang'],
  ['文斌', 'Wenbin'],
  ['俊峰', 'Junfeng'],
  ['浩', 'Hao'],
  ['磊', 'Lei'],
];

export const ADULT_GIVEN_FEMALE: readonly (readonly [string, string])[] = [
  ['丽', 'Li'],
  ['静', 'Jing'],
  ['敏', 'Min'],
  ['燕', 'Yan'],
  ['红梅', 'Hongmei'],
  ['晓燕', 'Xiaoyan'],
  ['雪梅', 'Xuemei'],
  ['玲', 'Ling'],
  ['婷', 'Ting'],
  ['慧', 'Hui'],
  ['秀英', 'Xiuying'],
  ['洁', 'Jie'],
  ['颖', 'Ying'],
  ['佳琪', 'Jiaqi'],
  ['晓琳', 'Xiaolin'],
  ['倩', 'Qian'],
];

export const CHILD_GIVEN_MALE: readonly (readonly [string, string])[] = [
  ['浩然', 'Haoran'],
  ['子轩', 'Zixuan'],
  ['宇航', 'Yuhang'],
  ['俊杰', 'Junjie'],
  ['博文', 'Bowen'],
  ['一鸣', 'Yiming'],
  ['天佑', 'Tianyou'],
  ['嘉豪', 'Jiahao'],
  ['明轩', 'Mingxuan'],
  ['子墨', 'Zimo'],
  ['奕辰', 'Yichen'],
  ['泽宇', 'Zeyu'],
  ['睿', 'Rui'],
  ['梓豪', 'Zihao'],
  ['思远', 'Siyuan'],
  ['皓轩', 'Haoxuan'],
];

export const CHILD_GIVEN_FEMALE: readonly (readonly [string, string])[] = [
  ['欣怡', 'Xinyi'],
  ['梓涵', 'Zihan'],
  ['诗涵', 'Shihan'],
  ['可馨', 'Kexin'],
  ['语桐', 'Yutong'],
  ['思琪', 'Siqi'],
  ['雨萱', 'Yuxuan'],
  ['若曦', 'Ruoxi'],
  ['佳怡', 'Jiayi'],
  ['一诺', 'Yinuo'],
  ['子琪', 'Ziqi'],
  ['芷若', 'Zhiruo'],
  ['安琪', 'Anqi'],
  ['沐晴', 'Muqing'],
  ['书瑶', 'Shuyao'],
  ['静怡', 'Jingyi'],
];

export const ENGLISH_NAMES_MALE = ['Kevin', 'Eric', 'Jason', 'Leo', 'Ryan', 'Andy', 'Daniel', 'Ethan', 'Lucas', 'Max', 'Oscar', 'Henry', 'Tony', 'Alex', 'Brian', 'Jack', 'Owen', 'Sam', 'Victor', 'William'] as const;

export const ENGLISH_NAMES_FEMALE = [
  'Emma',
  'Olivia',
  'Sophie',
  'Grace',
  'Chloe',
  'Lily',
  'Amy',
  'Vivian',
  'Cindy',
  'Iris',
  'Angela',
  'Jessica',
  'Hannah',
  'Zoe',
  'Ella',
  'Mia',
  'Claire',
  'Alice',
  'Joy',
  'Fiona',
] as const;

export const MOBILE_PREFIXES = ['135', '136', '137', '138', '139', '150', '151', '158', '186', '188', '189'] as const;
