import type { Kysely } from "kysely";
import type { Company } from "../../../contract/companies";
import type { Dialect } from "../../db/database";
import type { Database } from "../../db/schema";
import { toDbTime } from "../../db/time";
import type { Logger } from "../../logger";

/**
 * Fictional member companies for a demonstration or development platform (SEED_DEMO_DATA): every
 * name says 示例, so none is taken for a real enterprise. The credit codes are well-formed (GB 32100
 * check digit, the district's division code) but belong to no one.
 */
export const DEMO_COMPANIES: readonly Omit<Company, "id" | "owners">[] = [
  { name: "蓉芯微电子设计（示例）有限公司", creditCode: "91510107REPLNNJ2EB", district: "成都高新区", segment: "design", address: "成都高新区天府大道中段1388号（示例）", contactPerson: "王晓峰", contactPhone: "028-85001234" },
  { name: "锦城集成电路设计（示例）有限公司", creditCode: "91510107BMFCC4G71N", district: "成都高新区", segment: "design", address: "成都高新区天府五街200号（示例）", contactPerson: "李婷", contactPhone: "13880001001" },
  { name: "天府射频芯片（示例）股份有限公司", creditCode: "91510116AM2X3322N7", district: "天府新区", segment: "design", address: "天府新区兴隆湖路88号（示例）", contactPerson: "陈志远", contactPhone: "028-67001122" },
  { name: "西岭功率器件设计（示例）有限公司", creditCode: "91510117FYY6HNTBFL", district: "郫都区", segment: "design", address: "郫都区德源镇创智路16号（示例）", contactPerson: "刘洋", contactPhone: "13980002002" },
  { name: "蜀光传感器（示例）科技有限公司", creditCode: "91510106TCU45XEUK5", district: "金牛区", segment: "design", address: "金牛区蜀汉路120号（示例）", contactPerson: "赵敏", contactPhone: "18080003003" },
  { name: "成都锦江晶圆制造（示例）有限公司", creditCode: "91510107GJ5Q3AWMLD", district: "成都高新区", segment: "manufacturing", address: "成都高新区西区合作路99号（示例）", contactPerson: "张建国", contactPhone: "028-87001234" },
  { name: "双流化合物半导体（示例）有限公司", creditCode: "915101169RKLJG8WJQ", district: "双流区", segment: "manufacturing", address: "双流区西航港大道1号（示例）", contactPerson: "周丽", contactPhone: "13550004004" },
  { name: "龙泉碳化硅器件（示例）有限公司", creditCode: "9151011265D9L4MQNW", district: "龙泉驿区", segment: "manufacturing", address: "龙泉驿区车城东路66号（示例）", contactPerson: "吴强", contactPhone: "13730005005" },
  { name: "新津特色工艺晶圆（示例）有限公司", creditCode: "91510118ECQBD08DP1", district: "新津区", segment: "manufacturing", address: "新津区希望路8号（示例）", contactPerson: "孙磊", contactPhone: "028-82501234" },
  { name: "芯蓉封装测试（示例）有限公司", creditCode: "91510107RFF7MKLYUD", district: "成都高新区", segment: "packagingTest", address: "成都高新区科新路18号（示例）", contactPerson: "郑芳", contactPhone: "13608006006" },
  { name: "青白江先进封装（示例）有限公司", creditCode: "91510113G2P2JG6J1D", district: "青白江区", segment: "packagingTest", address: "青白江区大弯北路36号（示例）", contactPerson: "冯涛", contactPhone: "18981007007" },
  { name: "温江芯片测试服务（示例）有限公司", creditCode: "91510115GPFK45L4JR", district: "温江区", segment: "packagingTest", address: "温江区海峡两岸科技园柳台大道（示例）", contactPerson: "黄静", contactPhone: "028-82601234" },
  { name: "锦官城半导体设备（示例）有限公司", creditCode: "91510108PLK3HL6LXJ", district: "成华区", segment: "equipment", address: "成华区建设北路二段5号（示例）", contactPerson: "何亮", contactPhone: "13908008008" },
  { name: "天府真空镀膜设备（示例）有限公司", creditCode: "91510116Y9DT0U5C0B", district: "天府新区", segment: "equipment", address: "天府新区正兴街道宁波路12号（示例）", contactPerson: "马超", contactPhone: "028-68001234" },
  { name: "郫都精密刻蚀装备（示例）有限公司", creditCode: "915101176Y56FRAYN8", district: "郫都区", segment: "equipment", address: "郫都区现代工业港北片区港通北三路（示例）", contactPerson: "罗娜", contactPhone: "15928009009" },
  { name: "新都晶圆检测仪器（示例）有限公司", creditCode: "91510114UFAH4XY7L3", district: "新都区", segment: "equipment", address: "新都区工业东区龙虎大道（示例）", contactPerson: "高峰", contactPhone: "13668010010" },
  { name: "蓉城电子特气（示例）有限公司", creditCode: "91510113YR3F4AN2C6", district: "青白江区", segment: "materials", address: "青白江区化工园区团结路（示例）", contactPerson: "林雪", contactPhone: "028-83601234" },
  { name: "成都高纯靶材（示例）有限公司", creditCode: "915101074W0U665F5M", district: "成都高新区", segment: "materials", address: "成都高新区新园大道9号（示例）", contactPerson: "梁斌", contactPhone: "18628011011" },
  { name: "双流光刻胶材料（示例）有限公司", creditCode: "91510116C37GD3DUYL", district: "双流区", segment: "materials", address: "双流区空港二路（示例）", contactPerson: "宋佳", contactPhone: "13438012012" },
  { name: "金堂硅片材料（示例）有限公司", creditCode: "91510121HYHC0NBQ2F", district: "金堂县", segment: "materials", address: "金堂县淮口镇工业大道（示例）", contactPerson: "谢明", contactPhone: "028-84901234" },
];

/** Adds the demo companies that are missing, by name; a second start writes nothing. */
export async function seedDemoCompanies(db: Kysely<Database>, dialect: Dialect, log: Logger): Promise<void> {
  const existing = new Set((await db.selectFrom("companies").select("name").execute()).map((c) => c.name));
  const missing = DEMO_COMPANIES.filter((c) => !existing.has(c.name));
  if (missing.length === 0) return;
  const now = toDbTime(dialect, new Date());
  await db
    .insertInto("companies")
    .values(missing.map((c) => ({ ...c, createdAt: now, updatedAt: now })))
    // A concurrent start may have added them first (several processes may share one database).
    .onConflict((oc) => oc.doNothing())
    .execute();
  log.info({ companies: missing.length }, "demo companies seeded");
}
