// Dev-only entry: runs this remote alone inside the harness (production builds expose ./routes only).
import('./harness');
