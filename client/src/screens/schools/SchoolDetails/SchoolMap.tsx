import { Box, Text } from '@chakra-ui/react';
import { divIcon } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, Tooltip, ZoomControl } from 'react-leaflet';

/** The server's tile address (MAP_TILE_URL, written into the page as a meta tag); OpenStreetMap otherwise. */
function tileUrl(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]')?.content || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
}

// A marker drawn with HTML and an inline SVG: nothing to fetch, so it shows offline too
// (Leaflet's default marker is a PNG whose path breaks when bundled).
const PIN = `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="40" viewBox="0 0 28 40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.3 0 14c0 10.5 14 26 14 26s14-15.5 14-26C28 6.3 21.7 0 14 0z" fill="#2563eb" stroke="#1e3a8a" stroke-width="1.5"/><circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>`;

/**
 * The school's position on a Leaflet map (react-leaflet), loaded in its own chunk by the pages
 * that show a school. The tiles come from configuration; when they cannot load (offline, a
 * blocked server) the map stays whole: the marker, the name and the coordinates are still there,
 * with a note that the tiles are missing.
 */
export default function SchoolMap({ latitude, longitude, name, address }: { latitude: number; longitude: number; name: string; address: string }) {
  const { t } = useTranslation();
  const [tilesFailed, setTilesFailed] = useState(false);
  const icon = useMemo(() => divIcon({ html: PIN, className: 'school-map-pin', iconSize: [28, 40], iconAnchor: [14, 40], tooltipAnchor: [0, -36] }), []);
  const url = useMemo(() => tileUrl(), []);
  return (
    <Box role="region" aria-label={t('schoolsUi.details.mapLabel', { name })} data-testid="school-map">
      <Box height={{ base: '240px', md: '300px' }} borderRadius="md" overflow="hidden" borderWidth="1px" bg="bg.muted" css={{ '& .leaflet-container': { height: '100%', width: '100%', fontFamily: 'inherit' } }}>
        <MapContainer center={[latitude, longitude]} zoom={13} scrollWheelZoom={false} zoomControl={false} attributionControl>
          <TileLayer url={url} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' eventHandlers={{ tileerror: () => setTilesFailed(true) }} />
          <ZoomControl position="topleft" zoomInTitle={t('schoolsUi.details.zoomIn')} zoomOutTitle={t('schoolsUi.details.zoomOut')} />
          <Marker position={[latitude, longitude]} icon={icon} keyboard={false} title={t('schoolsUi.details.marker', { name })} alt={t('schoolsUi.details.marker', { name })}>
            <Tooltip permanent direction="top">
              {name}
            </Tooltip>
          </Marker>
        </MapContainer>
      </Box>
      <Text fontSize="sm" color="fg.muted" mt="2" data-testid="school-map-caption">
        {[address, t('schoolsUi.details.position', { lat: latitude.toFixed(5), lon: longitude.toFixed(5) })].filter(Boolean).join(' · ')}
      </Text>
      {tilesFailed && (
        <Text fontSize="sm" color="fg.subtle" data-testid="school-map-offline">
          {t('schoolsUi.details.tilesOffline')}
        </Text>
      )}
    </Box>
  );
}
