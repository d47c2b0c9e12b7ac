import * as Args from '@oclif/core/args';
import { BaseCommand } from '../../lib/cli/command/base-command.js';
import { profileFilePath } from '../../lib/connection/profile-file.js';
import { type ProfileChangeJson, ProfileStore, useProfile } from '../../lib/connection/profile-operations.js';
import { renderProfileChange } from '../../lib/render/profile.js';

export type ProfileUseJson = ProfileChangeJson;

export default class ProfileUse extends BaseCommand<typeof ProfileUse> {
  static override summary = 'Make a profile the current one (used when no --profile is given)';
  static override examples = ['<%= config.bin %> profile use prod'];
  static override appliesProfile = false;
  static override args = { name: Args.string({ description: 'profile name', required: true }) };

  async run(): Promise<ProfileChangeJson> {
    const result = useProfile(ProfileStore.load(profileFilePath()), this.args.name);
    this.render(result, renderProfileChange('Using'));
    return result;
  }
}
