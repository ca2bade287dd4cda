// What routes and other features may use of the back office's settings (docs/rules/back-office.md#settings).
export {
  changeBackOfficeSettings,
  fourEyesAmounts,
  fourEyesSettingKeys,
  isFourEyesAmount,
  readBackOfficeSettings,
  type BackOfficeSettings,
  type FourEyesAmounts,
  type FourEyesSettingKey,
  type SettingsChange,
  type SettingsChangeOutcome,
} from './back-office-settings.server';
