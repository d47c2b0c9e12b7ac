import { BaseCommand } from '../../lib/cli/command/base-command.js';
import { profileFilePath } from '../../lib/connection/profile-file.js';
import { type ProfileListJson, ProfileStore, listProfiles } from '../../lib/connection/profile-operations.js';
import { renderProfileList } from '../../lib/render/profile.js';

export type { ProfileListJson };

export default class ProfileList extends BaseCommand<typeof ProfileList> {
  static override summary = 'List the saved profiles; * marks the current one';
  static override examples = ['<%= config.bin %> profile list', '<%= config.bin %> profile list --json'];
  static override appliesProfile = false;

  async run(): Promise<ProfileListJson> {
    const result = listProfiles(ProfileStore.load(profileFilePath()));
    this.render(result, renderProfileList);
    return result;
  }
}
