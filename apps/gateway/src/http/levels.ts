import { IdParam } from './validation';

/**
 * A level of the addresses below a company (spec 7 `[/customer/{id}][/location/{id}]/...`). Controllers whose calls
 * are the same at each level are built once per level by a function: the level gives the controller's path, the ids
 * of its path (`LevelId`) and the class's name (`levelController`).
 */
export interface PathLevel {
  name: 'Company' | 'Customer' | 'Location';
  /** the controller path of the level */
  path: string;
  /** its path parameters after companyID */
  params: ('customerID' | 'locationID')[];
}

export const COMPANY_LEVEL: PathLevel = { name: 'Company', path: 'c/:companyID', params: [] };
export const CUSTOMER_LEVEL: PathLevel = { name: 'Customer', path: 'c/:companyID/customer/:customerID', params: ['customerID'] };
export const LOCATION_LEVEL: PathLevel = {
  name: 'Location',
  path: 'c/:companyID/customer/:customerID/location/:locationID',
  params: ['customerID', 'locationID'],
};

/**
 * An id of the level's path, as `IdParam` reads it; undefined at a level whose path does not have it. Handlers declare
 * it `number`, as every id parameter: OpenAPI documents it as a number (the global validation pipe leaves route
 * parameters as written; IdParam checks the digits and converts).
 */
export function LevelId(level: PathLevel, name: 'customerID' | 'locationID'): ParameterDecorator {
  return level.params.includes(name) ? IdParam(name) : () => undefined;
}

/** Names a controller class built for a level `<Level><stem>` (OpenAPI operation ids are `<class>_<method>`). */
export function levelController<T extends abstract new (...args: never[]) => unknown>(controller: T, level: PathLevel, stem: string): T {
  Object.defineProperty(controller, 'name', { value: `${level.name}${stem}` });
  return controller;
}
