import * as Args from '@oclif/core/args';
import { BaseCommand } from '../../lib/cli/command/base-command.js';
import { profileFilePath } from '../../lib/connection/profile-file.js';
import { type ProfileChangeJson, ProfileStore, renameProfile } from '../../lib/connection/profile-operations.js';
import { renderProfileChange } from '../../lib/render/profile.js';

export type ProfileRenameJson = ProfileChangeJson;

export default class ProfileRename extends BaseCommand<typeof ProfileRename> {
  static override summary = 'Rename a saved profile (stays current if it was)';
  static override examples = ['<%= config.bin %> profile rename prod prod-eu'];
  static override appliesProfile = false;
  static override args = {
    from: Args.string({ description: 'current name', required: true }),
    to: Args.string({ description: 'new name', required: true }),
  };

  async run(): Promise<ProfileChangeJson> {
    const result = renameProfile(ProfileStore.load(profileFilePath()), this.args.from, this.args.to);
    this.render(result, renderProfileChange('Renamed to'));
    return result;
  }
}
