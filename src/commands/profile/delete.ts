import * as Args from '@oclif/core/args';
import { BaseCommand } from '../../lib/cli/command/base-command.js';
import { yesFlag } from '../../lib/cli/flags/flags.js';
import { profileFilePath } from '../../lib/connection/profile-file.js';
import { type ProfileChangeJson, ProfileStore, deleteProfile } from '../../lib/connection/profile-operations.js';
import { DeclinedError, confirmAction } from '../../lib/prompt/confirm.js';
import { renderProfileChange } from '../../lib/render/profile.js';

export type ProfileDeleteJson = ProfileChangeJson;

export default class ProfileDelete extends BaseCommand<typeof ProfileDelete> {
  static override summary = 'Delete a saved profile (asks first, or --yes)';
  static override examples = ['<%= config.bin %> profile delete old-prod --yes'];
  static override appliesProfile = false;
  static override args = { name: Args.string({ description: 'profile name', required: true }) };
  static override flags = { yes: yesFlag() };

  async run(): Promise<ProfileChangeJson> {
    const store = ProfileStore.load(profileFilePath());
    const name = this.args.name;
    if (!store.has(name)) return deleteProfile(store, name);
    const go = await confirmAction(`Delete profile ${name}?`, {
      canPrompt: this.canPrompt(this.flags.yes),
      yes: this.flags.yes,
      action: `delete profile ${name}`,
    });
    if (!go) throw new DeclinedError();
    const result = deleteProfile(store, name);
    this.render(result, renderProfileChange('Deleted'));
    return result;
  }
}
