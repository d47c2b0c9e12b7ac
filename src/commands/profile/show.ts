import * as Args from '@oclif/core/args';
import { BaseCommand } from '../../lib/cli/command/base-command.js';
import { profileFilePath } from '../../lib/connection/profile-file.js';
import { type ProfileView, ProfileStore, showProfile } from '../../lib/connection/profile-operations.js';
import { renderProfile } from '../../lib/render/profile.js';

/** A profile's settings; each secret is replaced by where it comes from (never its value). */
export type ProfileShowJson = ProfileView;

export default class ProfileShow extends BaseCommand<typeof ProfileShow> {
  static override summary = 'Show a profile (the current one by default); secrets show only where they come from';
  static override examples = ['<%= config.bin %> profile show', '<%= config.bin %> profile show prod --json'];
  static override appliesProfile = false;
  static override args = {
    name: Args.string({ description: 'profile name (default: --profile, else the current one)' }),
  };

  async run(): Promise<ProfileView> {
    const result = showProfile(ProfileStore.load(profileFilePath()), this.args.name ?? this.flags.profile);
    // The view holds no secret values, only where each comes from, which the key-name masking would hide.
    this.render(result, renderProfile, { showSecrets: true });
    return result;
  }
}
